import { isTest, type Node, nameOf, type SymbolRule } from "./symbol-rules.ts";

/** The machines' own rules (docs/architecture.md section 2): where selectors live, what they take, how events are read. */
export const machineRules: readonly SymbolRule[] = [
  {
    binds: (path) => path.startsWith("machines/") && !isTest(path) && !path.endsWith("-selectors.ts"),
    finds: (node) => {
      if (node.type !== "ExportNamedDeclaration" || !node.declaration) return null;
      const declaration = node.declaration as Node;
      const names =
        declaration.type === "FunctionDeclaration"
          ? [nameOf(declaration.id)]
          : declaration.type === "VariableDeclaration"
            ? (declaration.declarations as Node[]).map((d) => nameOf(d.id))
            : [];
      const selector = names.find((name) => name && /^select[A-Z]/.test(name));
      return selector ? `exports ${selector}` : null;
    },
    says: "a machine's selectors live beside it in <machine>-selectors.ts, one convention for every machine",
  },
  {
    binds: (path) => path.startsWith("machines/") && path.endsWith("-selectors.ts") && !isTest(path),
    finds: (node) => {
      if (node.type !== "ExportNamedDeclaration" || !node.declaration) return null;
      const declaration = node.declaration as Node;
      const selectors: Array<[string | undefined, Node | undefined]> =
        declaration.type === "FunctionDeclaration"
          ? [[nameOf(declaration.id), declaration]]
          : declaration.type === "VariableDeclaration"
            ? (declaration.declarations as Node[]).map((d) => [nameOf(d.id), d.init as Node | undefined])
            : [];
      for (const [name, fn] of selectors) {
        if (!name || !/^select[A-Z]/.test(name) || !fn || !Array.isArray(fn.params)) continue;
        const first = (fn.params as Node[])[0];
        const annotation = (first?.typeAnnotation as Node | undefined)?.typeAnnotation as Node | undefined;
        const typeName = annotation?.type === "TSTypeReference" ? nameOf(annotation.typeName) : undefined;
        if (!typeName || !(typeName === "SnapshotFrom" || typeName.endsWith("Snapshot")))
          return `${name} takes no snapshot of its machine`;
      }
      return null;
    },
    says: "a selector takes its machine's snapshot (SnapshotFrom<typeof machine>, or an alias named …Snapshot), one style for every selector; what combines two machines' selections is a plain function of values",
  },
  {
    binds: (path) => path.startsWith("machines/") && !isTest(path),
    finds: (node) =>
      (node.type === "TSAsExpression" || node.type === "TSTypeAssertion") && nameOf(node.expression as Node) === "event"
        ? "reads the event through a cast"
        : null,
    says: "a machine reads no event through a cast: assertEvent where one event enters the state, params for an actor's result or error",
  },
  {
    binds: (path) => path.startsWith("machines/") && !path.startsWith("machines/lists/") && !isTest(path),
    finds: (node) => {
      if (node.type !== "ImportSpecifier") return null;
      const name = nameOf(node.imported as Node);
      return name && listPagingParts.has(name) ? `pages a list of its own (${name})` : null;
    },
    says: "a list is a ListArea run by the one list machine (machines/lists/list-machine.ts, CONTRIBUTING.md 'Adding an area'): an area configures it and never pages, searches or retries by itself",
  },
];

/** The list machine's paging steps: a machine importing one is writing a list of its own. */
const listPagingParts = new Set(["firstPage", "fromFirstPage", "pagingTo", "pageArrived"]);
