import { existsSync, globSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
// Vite re-exports rolldown's oxc parser: the same parser that builds the app, so no parser of our own to install.
import { type ESTree, parseSync, Visitor } from "vite";

type Expression = ESTree.Expression;
type ImportDeclaration = ESTree.ImportDeclaration;

/** One import of a file: a static import, a re-export, a dynamic `import()` or a type's `import("…")`. */
export interface ImportEdge {
  /** The importing file, relative to the root, with `/` separators. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** The imported file relative to the root for our own modules; null for a package. */
  to: string | null;
  /** False when a relative specifier names no file. */
  resolved: boolean;
  typeOnly: boolean;
  /** An `import()` expression: loaded when called (a lazy route module), not when the importer loads. */
  lazy: boolean;
}

export interface ImportGraph {
  /** Every parsed file, relative to the root. */
  files: string[];
  edges: ImportEdge[];
  /** Files the parser rejected, with its first message; their imports are unknown. */
  parseErrors: { file: string; message: string }[];
}

const codeExtensions = ["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"];
// TypeScript resolves `./x.js` to `./x.ts`; bundler resolution also takes extensionless specifiers and folders.
const extensionSwaps: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
  ".jsx": [".tsx"],
};
const implicitSuffixes = [".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx", "/index.js"];

const toPosix = (path: string) => path.split(sep).join("/");
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file a relative specifier names, relative to the root, or null when none exists. */
export function resolveRelative(root: string, from: string, specifier: string): string | null {
  const bare = specifier.replace(/[?#].*$/, "");
  const base = normalize(join(root, dirname(from), bare));
  const swapped = Object.entries(extensionSwaps)
    .filter(([ext]) => base.endsWith(ext))
    .flatMap(([ext, swaps]) => swaps.map((s) => base.slice(0, -ext.length) + s));
  const found = [base, ...swapped, ...implicitSuffixes.map((s) => base + s)].find(isFile);
  return found === undefined ? null : toPosix(relative(root, found));
}

const literalSource = (node: Expression): string | null => {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  return null;
};

const isTypeOnlyImport = (node: ImportDeclaration) =>
  node.importKind === "type" ||
  (node.specifiers.length > 0 && node.specifiers.every((s) => s.type === "ImportSpecifier" && s.importKind === "type"));

interface ImportSpecifier {
  specifier: string;
  typeOnly: boolean;
  lazy?: true;
}

/** The specifiers a source file imports, each with whether only types come through it. */
export function importsOf(file: string, source: string): { specifiers: ImportSpecifier[]; error?: string } {
  const result = parseSync(file, source);
  const specifiers: ImportSpecifier[] = [];
  const add = (specifier: string | null, typeOnly: boolean, lazy = false) => {
    if (specifier !== null) specifiers.push(lazy ? { specifier, typeOnly, lazy } : { specifier, typeOnly });
  };
  new Visitor({
    ImportDeclaration: (node) => add(node.source.value, isTypeOnlyImport(node)),
    ExportNamedDeclaration: (node) =>
      node.source &&
      add(
        node.source.value,
        node.exportKind === "type" ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === "type")),
      ),
    ExportAllDeclaration: (node) => add(node.source.value, node.exportKind === "type"),
    ImportExpression: (node) => add(literalSource(node.source), false, true),
    TSImportType: (node) => add(node.source.value, true),
    TSImportEqualsDeclaration: (node) =>
      node.moduleReference.type === "TSExternalModuleReference" &&
      add(node.moduleReference.expression.value, node.importKind === "type"),
  }).visit(result.program);
  const error = result.errors[0];
  return error ? { specifiers, error: error.message } : { specifiers };
}

/** Parses the code files at the top of `root` and under `dirs`, and resolves their relative imports. */
export function buildImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const extensions = `{${codeExtensions.join(",")}}`;
  const patterns = [`*.${extensions}`, ...dirs.map((d) => `${d}/**/*.${extensions}`)];
  const files = globSync(patterns, { cwd: root, exclude: (path) => path.split(/[\\/]/).includes("node_modules") })
    .map(toPosix)
    .sort();
  const edges: ImportEdge[] = [];
  const parseErrors: ImportGraph["parseErrors"] = [];
  for (const from of files) {
    const { specifiers, error } = importsOf(from, readFileSync(join(root, from), "utf8"));
    if (error) parseErrors.push({ file: from, message: error });
    for (const { specifier, typeOnly, lazy = false } of specifiers) {
      if (!specifier.startsWith(".")) {
        edges.push({ from, specifier, to: null, resolved: true, typeOnly, lazy });
        continue;
      }
      const to = resolveRelative(root, from, specifier);
      edges.push({
        from,
        specifier,
        to: to ?? toPosix(normalize(join(dirname(from), specifier))),
        resolved: to !== null,
        typeOnly,
        lazy,
      });
    }
  }
  return { files, edges, parseErrors };
}
