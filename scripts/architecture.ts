import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildImportGraph, type ImportGraph } from "./import-graph.ts";
import { importCycles } from "./import-cycles.ts";
import { type DirectionRule, directionRules, directionViolations } from "./import-directions.ts";
import { domainChainNodeRules } from "./domain-chain-node.ts";
import { domainViemRules } from "./domain-viem.ts";
import { fileNameViolations } from "./file-names.ts";
import { issueTagViolations } from "./issue-tags.ts";
import { longFileViolations, styleSheets } from "./long-files.ts";
import { machineRules } from "./machine-rules.ts";
import { securityRules } from "./security-rules.ts";
import { type SymbolRule, symbolRules, symbolViolations } from "./symbol-rules.ts";

/** Our code, tests included (docs/architecture.md section 1). */
export const codeFolders = [
  "src",
  "machines",
  "server",
  "contracts",
  "model-tests",
  "e2e",
  "scripts",
  "bench",
  "chaos",
] as const;

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** Everything the import graph breaks: unreadable files, imports of missing files, direction rules, cycles. */
export function architectureViolations(
  graph: ImportGraph,
  rules: readonly DirectionRule[] = [...directionRules, ...domainChainNodeRules],
): string[] {
  return [
    ...graph.parseErrors.map(
      ({ file, message }) => `${file} cannot be parsed (${message}), so its imports go unchecked`,
    ),
    ...graph.edges.filter((e) => !e.resolved).map((e) => `${e.from} imports ${e.specifier}, which names no file`),
    ...directionViolations(graph.files, graph.edges, rules),
    ...importCycles(graph.files, graph.edges),
  ];
}

/** What the files' code does against the symbol rules (a `.provide(` outside wiring, a `.matches(` in a view …) and SECURITY.md's. */
export const codeViolations = (
  root: string,
  files: readonly string[],
  rules: readonly SymbolRule[] = [...symbolRules, ...machineRules, ...securityRules, ...domainViemRules],
) => files.flatMap((file) => symbolViolations(file, readFileSync(join(root, file), "utf8"), rules));

export const checkArchitecture = (root = repoRoot, folders: readonly string[] = codeFolders) => {
  const graph = buildImportGraph(root, folders);
  return [
    ...architectureViolations(graph),
    ...codeViolations(root, graph.files),
    ...longFileViolations(root, [...graph.files, ...styleSheets(root, folders)]),
    ...issueTagViolations(root, graph.files),
    ...fileNameViolations(graph.files),
  ];
};
