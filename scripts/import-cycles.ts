import type { ImportEdge } from "./import-graph.ts";

/** Strongly connected components of the graph (Tarjan), each sorted, in a stable order. */
function components(nodes: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest way from `start` back to itself, staying inside `within`. */
function shortestCycle(
  start: string,
  within: ReadonlySet<string>,
  next: ReadonlyMap<string, readonly string[]>,
): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of next.get(node) ?? []) {
      if (target === start) {
        const chain = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = parent.get(at))
          chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (within.has(target) && !parent.has(target)) {
        parent.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * Every import cycle among `files`, one message per group of files that import each other, printed as
 * the shortest chain through the group's first file: `a.ts → b.ts → a.ts`. Type-only and dynamic
 * imports count: a cycle of types still ties the files together.
 */
export function importCycles(files: readonly string[], edges: readonly ImportEdge[]): string[] {
  const known = new Set(files);
  const next = new Map<string, string[]>();
  for (const { from, to, resolved } of edges) {
    if (to === null || !resolved || !known.has(to)) continue;
    const targets = next.get(from) ?? [];
    if (!targets.includes(to)) targets.push(to);
    next.set(from, targets.sort());
  }
  return components([...known].sort(), next)
    .filter((group) => group.length > 1 || next.get(group[0]!)?.includes(group[0]!))
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((group) => {
      const chain = shortestCycle(group[0]!, new Set(group), next);
      const others = group.filter((file) => !chain.includes(file));
      const rest = others.length ? `; the same tangle also holds ${others.join(", ")}` : "";
      return `import cycle: ${chain.join(" → ")}${rest}`;
    });
}
