import { type ESTree, parseSync } from "vite";

/** A rule about what a file's code does (a call, a global it reaches), read from the syntax tree, not the text. */
export interface SymbolRule {
  /** The files the rule binds, relative to the root with `/` separators. */
  binds: (path: string) => boolean;
  /** What the rule forbids, found in one node; `parent` is the node holding it. */
  finds: (node: Node, parent: Node | null, declared: ReadonlySet<string>) => string | null;
  says: string;
}

export type Node = { type: string; start: number; end: number; [key: string]: unknown };

export const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const isView = (path: string) => path.startsWith("src/") && path.endsWith(".tsx") && !isTest(path);
/** The files that give machines their actors and long-lived actors their services (docs/architecture.md section 2). */
const isWiring = (path: string) =>
  /-machines\.ts$/.test(path) || /^src\/app\/(services|[a-z-]+-service)\.ts$/.test(path);

export const memberCall = (node: Node, name: string) => {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as Node;
  return (
    callee.type === "MemberExpression" &&
    !callee.computed &&
    (callee.property as Node & { name?: string }).name === name
  );
};
export const nameOf = (node: unknown) =>
  (node as { type?: string; name?: string })?.type === "Identifier" ? (node as { name: string }).name : undefined;

/** Kysely's entry points to the database. */
const queryCalls = [
  "transaction",
  "selectFrom",
  "insertInto",
  "updateTable",
  "deleteFrom",
  "replaceInto",
  "mergeInto",
  "executeQuery",
];

/** Browser globals a pure machine has no business reaching (docs/architecture.md section 1: no fetch, no window). */
const browserGlobals = new Set([
  "fetch",
  "window",
  "document",
  "localStorage",
  "sessionStorage",
  "navigator",
  "location",
  "history",
  "XMLHttpRequest",
  "indexedDB",
  "WebSocket",
  "EventSource",
]);

/** Where an identifier is a name being declared or a property, not a reference to a global. */
const isReference = (node: Node, parent: Node | null) => {
  if (!parent) return true;
  if (parent.type === "MemberExpression" && parent.property === node && !parent.computed) return false;
  if (
    (parent.type === "Property" || parent.type === "MethodDefinition" || parent.type === "PropertyDefinition") &&
    parent.key === node &&
    !parent.computed
  ) {
    return parent.type === "Property" && parent.shorthand === true && parent.value === node;
  }
  return !["ImportSpecifier", "ExportSpecifier", "LabeledStatement", "TSPropertySignature", "TSQualifiedName"].includes(
    parent.type,
  );
};

/**
 * Merchant scopes (server/domain/platform/merchant-scope.ts): a MerchantScope is made in sessions.ts only (findSession),
 * a system scope in system-scope.ts only, and the system's factories are called only by the system's own modules. The
 * types' brands make a cast the one way to a scope, so the rules look for casts and calls.
 */
const sessionScopeFile = "server/domain/identity/sessions.ts";
const systemScopeFile = "server/domain/identity/system-scope.ts";
/** Each acts as the system under its own name (`systemScope("chain-listener")` …), at the top of the file. */
const systemActorFiles: ReadonlySet<string> = new Set([
  "server/domain/payments/order-listener.ts",
  "server/domain/bills/deposit-listener.ts",
  "server/domain/payments/order-expiry.ts",
  "server/domain/identity/sign-in.ts",
  "server/domain/identity/register.ts",
  "server/domain/identity/reset-password.ts",
  "server/domain/identity/google-accounts.ts",
  "server/domain/identity/google-link.ts",
  "server/domain/identity/second-factor-sign-in.ts",
  "server/domain/applications/application-code-check.ts",
  "server/domain/applications/open-api-caller.ts",
  "server/domain/invoices/demo-invoices.ts",
]);
const systemFactories = ["systemScope", "actFor"];
/** The console and the machines never import server/ (import-directions.ts), and may name their own `Session`. */
const reachesServer = (path: string) => !path.startsWith("src/") && !path.startsWith("machines/");

/** `x as T`, `<T>x`: the names of the types cast to (a union's members and type arguments included). */
function castTo(node: Node, names: readonly string[]): string | null {
  if (node.type !== "TSAsExpression" && node.type !== "TSTypeAssertion") return null;
  let found: string | null = null;
  walk(node.typeAnnotation as Node, node, (type) => {
    if (found || type.type !== "TSTypeReference") return;
    const typeName = type.typeName as Node;
    const name = nameOf(typeName.type === "TSQualifiedName" ? typeName.right : typeName);
    if (name && names.includes(name)) found = `casts to ${name}`;
  });
  return found;
}

export const symbolRules: readonly SymbolRule[] = [
  {
    binds: (path) => (path.startsWith("src/") || path.startsWith("machines/")) && !isTest(path) && !isWiring(path),
    finds: (node) => (memberCall(node, "provide") ? "calls .provide(" : null),
    says: "machines get their actors in the wiring files only (src/**/<area>-machines.ts, src/app/services.ts, src/app/<name>-service.ts)",
  },
  {
    binds: isView,
    finds: (node) => (memberCall(node, "matches") ? "calls .matches(" : null),
    says: "views decide nothing: a selector, a tag or snapshot.can() says what to show",
  },
  {
    binds: isView,
    finds: (node) => (memberCall(node, "getSnapshot") ? "calls .getSnapshot()" : null),
    says: "views read machines through useSelector, never getSnapshot()",
  },
  {
    binds: isView,
    finds: (node) => {
      if (node.type !== "CallExpression" || nameOf(node.callee) !== "useSelector") return null;
      const select = (node.arguments as Node[])[1];
      if (!select || (select.type !== "ArrowFunctionExpression" && select.type !== "FunctionExpression")) return null;
      const params = select.params as Node[];
      const body = select.body as Node;
      return params.length === 1 && nameOf(params[0]) !== undefined && nameOf(body) === nameOf(params[0])
        ? "selects the whole snapshot"
        : null;
    },
    says: "views select what they show, never the whole snapshot (it re-renders on every change and invites decisions in JSX)",
  },
  {
    binds: (path) => path.startsWith("src/") && !isTest(path) && path !== "src/app/services-context.tsx",
    finds: (node, _parent, declared) =>
      node.type === "CallExpression" &&
      nameOf(node.callee) === "useServices" &&
      ![...declared].some((name) => /^provide[A-Z]/.test(name))
        ? "calls useServices() and wires no machine"
        : null,
    says: "a component takes the one actor or service it uses through its own hook (useSessionActor(), useNotify() …); useServices() is for components that wire a machine (they import a provideX)",
  },
  {
    binds: (path) => (path.startsWith("server/routes/") || path.startsWith("server/http/")) && !isTest(path),
    finds: (node) => {
      const query = queryCalls.find((name) => memberCall(node, name));
      if (query) return `calls .${query}(`;
      return node.type === "TaggedTemplateExpression" && nameOf(node.tag) === "sql" ? "writes sql``" : null;
    },
    says: "routes and server/http run no query: a use case in server/domain does, in one transaction",
  },
  {
    binds: (path) => (path.startsWith("server/domain/") || path.startsWith("server/wiring/")) && !isTest(path),
    finds: (node) => {
      const send = [
        "sendRawTransaction",
        "sendTransaction",
        "writeContract",
        "deployContract",
        "getTransactionCount",
        "estimateFeesPerGas",
        "getTransactionReceipt",
      ].find((name) => memberCall(node, name));
      return send ? `calls .${send}(` : null;
    },
    says: "the domain sends transactions only through the chain's outgoing transactions (server/chain/outgoing.ts, outgoing-recorded.ts), which take the nonce, record each before it leaves and read its receipt",
  },
  {
    binds: (path) => path.startsWith("server/domain/") && !isTest(path),
    finds: (node) => (memberCall(node, "offset") ? "calls .offset(" : null),
    says: "a list pages by keyset (server/domain/platform/keyset-page.ts), never by OFFSET: a deep page of a long list would read every row before it, and rows arriving between pages would show twice",
  },
  {
    binds: (path) => path.startsWith("machines/") || path.startsWith("contracts/schemas/"),
    finds: (node, parent, declared) => {
      const name = nameOf(node);
      return name && browserGlobals.has(name) && !declared.has(name) && isReference(node, parent)
        ? `reaches ${name}`
        : null;
    },
    says: "machines and schemas are pure: side effects reach them as actors (no fetch, window, document or storage)",
  },
  {
    binds: (path) => reachesServer(path) && path !== sessionScopeFile,
    finds: (node) => castTo(node, ["MerchantScope", "Session"]),
    says: "a MerchantScope is made only by findSession (server/domain/identity/sessions.ts), from the signed-in session",
  },
  {
    binds: (path) => reachesServer(path) && path !== systemScopeFile,
    finds: (node) => castTo(node, ["SystemScope", "SystemMerchantScope", "AnyMerchantScope"]),
    says: "a system scope is made only by systemScope() and actFor() (server/domain/identity/system-scope.ts)",
  },
  {
    binds: (path) => reachesServer(path) && !isTest(path) && !systemActorFiles.has(path) && path !== systemScopeFile,
    finds: (node, parent) => {
      // A call, or the factory taken as a value (`const f = actFor`), through a namespace (`scopes.actFor`), renamed.
      if (node.type === "ImportSpecifier" || node.type === "ExportSpecifier") {
        const [from, to] = node.type === "ImportSpecifier" ? ["imported", "local"] : ["local", "exported"];
        const name = nameOf(node[from]);
        return name && systemFactories.includes(name) && nameOf(node[to]) !== name ? `renames ${name}` : null;
      }
      const name =
        node.type === "MemberExpression" && !node.computed
          ? nameOf(node.property)
          : isReference(node, parent)
            ? nameOf(node)
            : undefined;
      if (!name || !systemFactories.includes(name)) return null;
      return parent?.type === "CallExpression" && parent.callee === node ? `calls ${name}(` : `uses ${name}`;
    },
    says: "only the system's own modules act as the system (systemScope(), actFor()): the chain listener, the order sweep and the pre-session identity flows (scripts/symbol-rules.ts systemActorFiles), tests aside",
  },
];

/** Names the file declares itself (variables, parameters, imports), which shadow a global of the same name. */
function declaredNames(program: Node): Set<string> {
  const names = new Set<string>();
  walk(program, null, (node, parent) => {
    if (node.type !== "Identifier" || !parent) return;
    const declares =
      (parent.type === "VariableDeclarator" && parent.id === node) ||
      ((parent.type === "FunctionDeclaration" ||
        parent.type === "FunctionExpression" ||
        parent.type === "ClassDeclaration") &&
        parent.id === node) ||
      ((parent.type === "ArrowFunctionExpression" ||
        parent.type === "FunctionExpression" ||
        parent.type === "FunctionDeclaration") &&
        (parent.params as Node[]).includes(node)) ||
      ((parent.type === "ImportSpecifier" ||
        parent.type === "ImportDefaultSpecifier" ||
        parent.type === "ImportNamespaceSpecifier") &&
        parent.local === node);
    if (declares) names.add((node as unknown as { name: string }).name);
  });
  return names;
}

function walk(node: Node, parent: Node | null, visit: (node: Node, parent: Node | null) => void) {
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === "parent") continue;
    if (Array.isArray(value)) {
      for (const child of value)
        if (child && typeof child === "object" && typeof (child as Node).type === "string")
          walk(child as Node, node, visit);
    } else if (value && typeof value === "object" && typeof (value as Node).type === "string") {
      walk(value as Node, node, visit);
    }
  }
}

const lineOf = (source: string, offset: number) => source.slice(0, offset).split("\n").length;

/** Every place in one file that breaks a symbol rule, as `file:line what: rule`. */
export function symbolViolations(file: string, source: string, rules: readonly SymbolRule[] = symbolRules): string[] {
  const bound = rules.filter((rule) => rule.binds(file));
  if (bound.length === 0) return [];
  const program = parseSync(file, source).program as unknown as ESTree.Program & Node;
  const declared = declaredNames(program);
  const found: string[] = [];
  walk(program, null, (node, parent) => {
    for (const rule of bound) {
      const what = rule.finds(node, parent, declared);
      if (what) found.push(`${file}:${lineOf(source, node.start)} ${what}: ${rule.says}`);
    }
  });
  return found;
}
