import type { ImportEdge } from "./import-graph.ts";

/** One rule of ARCHITECTURE.md section 1: files under `from` must not import what the rule names. */
export interface DirectionRule {
  /** The folder the rule binds, relative to the root (tests in it included). */
  from: string;
  /** Our files the folder must not import, directly or through files of other folders. */
  forbidsFile?: (to: string) => boolean;
  /** Packages the folder must not import. */
  forbidsPackage?: RegExp;
  says: string;
}

export const inside = (folder: string) => (path: string) => path.startsWith(`${folder}/`);

/** `contracts/schemas` <- `machines/` <- `src/`; `contracts/schemas` <- `server/`. */
export const directionRules: readonly DirectionRule[] = [
  { from: "machines", forbidsFile: inside("src"), says: "machines never import src/" },
  { from: "machines", forbidsFile: inside("server"), says: "machines never import server/" },
  { from: "src", forbidsFile: inside("server"), says: "views never import server/" },
  { from: "server", forbidsFile: inside("src"), says: "server never imports src/" },
  { from: "server", forbidsFile: inside("machines"), says: "server never imports machines/" },
  {
    from: "contracts/schemas",
    forbidsFile: (to) => !inside("contracts/schemas")(to),
    says: "contracts/schemas imports libraries only, nothing of ours",
  },
  // Section 1: machines are pure (no React, no fetch, no window).
  {
    from: "machines",
    forbidsPackage: /^(react|react-dom|@xstate\/react|react-i18next|react-router|@blueprintjs\/[^/]+|ky)(\/|$)/,
    says: "machines are pure: no React, no UI kit, no HTTP client",
  },
];

const directViolations = (rule: DirectionRule, edges: readonly ImportEdge[]) =>
  edges
    .filter((e) => inside(rule.from)(e.from))
    .filter((e) => (e.to === null ? rule.forbidsPackage?.test(e.specifier) : rule.forbidsFile?.(e.to)))
    .map((e) => `${e.from} imports ${e.specifier}: ${rule.says}`);

/**
 * Chains that leave the rule's folder for a permitted one and reach a forbidden file from there, e.g.
 * server/a.ts → contracts/x.ts → src/y.ts. Breadth-first from all of the folder's files at once, so
 * each chain is the shortest and each import into the forbidden folder is reported once.
 */
function indirectViolations(rule: DirectionRule, files: readonly string[], edges: readonly ImportEdge[]): string[] {
  const forbids = rule.forbidsFile;
  if (!forbids) return [];
  const known = new Set(files);
  const next = new Map<string, Set<string>>();
  for (const e of edges) if (e.to !== null && e.resolved && known.has(e.to)) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const bound = inside(rule.from);
  const parent = new Map<string, string | null>(files.filter(bound).map((f) => [f, null]));
  const queue = [...parent.keys()];
  const found: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of next.get(node) ?? []) {
      if (parent.has(target) || bound(target)) continue;
      if (forbids(target)) {
        if (parent.get(node) === null) continue; // a direct import, reported as such
        const chain = [target];
        for (let at: string | null | undefined = node; at; at = parent.get(at)) chain.unshift(at);
        found.push(`${chain.join(" → ")}: ${rule.says}, not through other folders either`);
        continue;
      }
      parent.set(target, node);
      queue.push(target);
    }
  }
  return found;
}

/** Every import that breaks a direction rule, naming the file and the import. */
export function directionViolations(files: readonly string[], edges: readonly ImportEdge[], rules = directionRules): string[] {
  return rules.flatMap((rule) => [...directViolations(rule, edges), ...indirectViolations(rule, files, edges)]);
}
