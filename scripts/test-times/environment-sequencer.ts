import { readFileSync } from "node:fs";
import type { TestSequencer, TestSpecification, Vitest } from "vitest/node";

const docblockEnvironment = /@vitest-environment\s+([\w-]+)/;

/** The environment a test file asks for in its first lines (`// @vitest-environment jsdom`), else `fallback`. */
export function environmentOf(file: string, fallback: string): string {
  let head = "";
  try {
    head = readFileSync(file, "utf8").slice(0, 2_000);
  } catch {
    return fallback;
  }
  return docblockEnvironment.exec(head)?.[1] ?? fallback;
}

/** `items` in their order, those of one environment together, the groups in the order of their first item. */
export function groupedByEnvironment<T>(items: readonly T[], environment: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = environment(item);
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups.values()].flat();
}

/**
 * Vitest's order (slowest and largest files first), with the files of one environment kept together. A worker that
 * shares its module cache between files (`isolate: false`) is kept for the next file only when that file runs in the
 * same environment; otherwise Vitest stops it and starts another, which loads everything again (PGlite, or jsdom,
 * Blueprint and React). test:unit's 14 jsdom and happy-dom files fell between its 150 node files and started 22
 * workers. The groups come in the order of their first file in Vitest's order. Vitest's own sequencer is loaded
 * when the tests are sorted, not when vite.config.ts is read (a build reads it too).
 */
export class EnvironmentSequencer implements TestSequencer {
  readonly #vitest: Vitest;
  constructor(vitest: Vitest) {
    this.#vitest = vitest;
  }
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.#base()).shard(files);
  }
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await (await this.#base()).sort(files);
    return groupedByEnvironment(sorted, (spec) => environmentOf(spec.moduleId, spec.project.config.environment));
  }
  async #base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import("vitest/node");
    return new BaseSequencer(this.#vitest);
  }
}
