import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type AnyStateMachine, StateMachine } from "xstate";

/** A machine a file of machines/ exports. */
export interface FoundMachine {
  /** The export's name, e.g. `sessionMachine`. */
  name: string;
  /** Relative to the repository, e.g. `machines/auth/session.ts`. */
  file: string;
  machine: AnyStateMachine;
}

/**
 * Every state machine exported by the files of `dir`: tests are skipped, and so are helpers
 * (test-support.ts, api-failure.ts…), which make no machine — a file is read only when its
 * text calls `createMachine(`, then each export that is a state machine counts.
 */
export async function findMachines(dir = "machines"): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  // One folder per area (machines/auth/session.ts …), helpers beside them.
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .sort();
  for (const file of files) {
    const path = join(dir, file);
    if (!readFileSync(path, "utf8").includes("createMachine(")) continue;
    const exports = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof StateMachine) found.push({ name, file: path, machine: value as AnyStateMachine });
    }
  }
  return found;
}

/**
 * Why `npm run model-test` must fail: a machine with neither a model nor a listed reason, a reason
 * that is empty, or one that names a machine which has a model or does not exist (any more).
 */
export function unmodelledMachines(
  machines: ReadonlyArray<FoundMachine>,
  models: ReadonlyArray<{ id: string; machine: AnyStateMachine }>,
  withoutModel: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  // A model may walk the machine itself or a copy with implementations provided (same config).
  const modelled = (m: FoundMachine) =>
    models.some((model) => model.machine === m.machine || model.machine.config === m.machine.config);
  for (const m of machines) {
    const reason = withoutModel[m.name];
    if (reason === undefined) {
      if (!modelled(m))
        problems.push(
          `${m.name} (${m.file}) has no model: add one to model-tests/models/all-models.ts, or list it with a reason in machinesWithoutModel there`,
        );
    } else if (modelled(m)) {
      problems.push(
        `${m.name} (${m.file}) has a model but is also listed in machinesWithoutModel: remove it from the list`,
      );
    } else if (reason.trim() === "") {
      problems.push(`${m.name} (${m.file}) is listed in machinesWithoutModel without a reason`);
    }
  }
  for (const name of Object.keys(withoutModel)) {
    if (!machines.some((m) => m.name === name))
      problems.push(`machinesWithoutModel lists ${name}, which no file of machines/ exports`);
  }
  return problems;
}
