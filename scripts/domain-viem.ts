import { isTest, type Node, nameOf, type SymbolRule } from "./symbol-rules.ts";

/**
 * What the domain may take from viem: its words for addresses and bytes. Everything that talks to a node (clients,
 * reads, call data, logs, keys) sits behind the chain's ports (server/chain/chain-node.ts and the readers it holds), so
 * the domain holds a port object, never a client.
 */
export const domainViemVocabulary: ReadonlySet<string> = new Set([
  "Address",
  "Hex",
  "getAddress",
  "isAddress",
  "zeroAddress",
]);

const isViem = (module: unknown) => typeof module === "string" && (module === "viem" || module.startsWith("viem/"));

/** The names an import or re-export from viem takes beyond the vocabulary, or the whole module. */
function beyondVocabulary(node: Node): string | null {
  const source = (node.source as Node | null | undefined)?.value;
  if (!isViem(source)) return null;
  if (node.type === "ImportExpression") return `imports ${source} dynamically`;
  if (source !== "viem") return `imports ${source}`;
  if (node.type === "ExportAllDeclaration") return "re-exports all of viem";
  const names = ((node.specifiers as Node[] | undefined) ?? []).map((specifier) =>
    specifier.type === "ImportSpecifier"
      ? nameOf(specifier.imported)
      : specifier.type === "ExportSpecifier"
        ? nameOf(specifier.local)
        : "* (the whole module)",
  );
  const beyond = names.filter((name) => !name || !domainViemVocabulary.has(name));
  return beyond.length > 0 ? `imports ${beyond.join(", ")} from viem` : null;
}

export const domainViemRules: readonly SymbolRule[] = [
  {
    binds: (path) => path.startsWith("server/domain/") && !isTest(path),
    finds: (node) =>
      ["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration", "ImportExpression"].includes(node.type)
        ? beyondVocabulary(node)
        : null,
    says: `the domain takes only viem's vocabulary (${[...domainViemVocabulary].join(", ")}): a node's clients, reads, call data, logs and keys are the chain's, behind its ports (server/chain/chain-node.ts), tests aside`,
  },
];
