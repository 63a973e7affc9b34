import { isTest, memberCall, type Node, nameOf, type SymbolRule } from "./symbol-rules.ts";

/**
 * SECURITY.md's rows that hold by what the code never does (no HTML from strings, no weak randomness, no unchecked
 * TLS, no SQL made of values, no log message made of data, no outbound call from an unlisted file), each read from the
 * syntax tree like the house's symbol rules, so a row cites a check instead of a promise.
 */
const inCode = (path: string) => /^(src|machines|server|contracts)\//.test(path) && !isTest(path);
const inServer = (path: string) => path.startsWith("server/") && !isTest(path) && !path.startsWith("server/testing/");

/**
 * The only server files that open a connection to another host; each takes its destination from configuration, except
 * the callback sender, whose merchant-chosen URL is checked first and connected to at the checked address only.
 */
export const outboundFiles: ReadonlySet<string> = new Set([
  "server/chain/anvil.ts",
  // The configured chains' RPC URLs, for their recent blocks' timestamps (the Currency list's arrival times).
  "server/chain/block-time.ts",
  "server/chain/deploy.ts",
  "server/chain/evm-adapter.ts",
  "server/chain/token-check.ts",
  "server/domain/callbacks/send-callback.ts",
  "server/domain/identity/google-identity.ts",
  "server/domain/messaging/mailer.ts",
]);

/** Module → the named imports that open a connection. */
const outboundImports: Record<string, readonly string[] | "all"> = {
  "node:http": ["request", "get", "Agent"],
  "node:https": ["request", "get", "Agent"],
  "node:net": ["connect", "createConnection", "Socket"],
  "node:tls": ["connect"],
  "node:dgram": "all",
  undici: "all",
  viem: ["http", "webSocket", "fallback"],
  nodemailer: ["createTransport"],
  jose: ["createRemoteJWKSet"],
};

const htmlSinks = new Set(["innerHTML", "outerHTML"]);
const logLevels = ["trace", "debug", "info", "warn", "error", "fatal"];

const isMember = (node: Node, object: string, property: string) =>
  node.type === "MemberExpression" &&
  !node.computed &&
  nameOf(node.object) === object &&
  nameOf(node.property) === property;

const isLiteralText = (node: Node | undefined) =>
  node !== undefined &&
  ((node.type === "Literal" && typeof node.value === "string") ||
    (node.type === "TemplateLiteral" && (node.expressions as Node[]).length === 0));

/** A message made of data: `…${x}…` or `"…" + x`. */
const isBuiltText = (node: Node) =>
  (node.type === "TemplateLiteral" && (node.expressions as Node[]).length > 0) ||
  (node.type === "BinaryExpression" && node.operator === "+");

/** `app.log.info(…)`, `log.warn(…)`, `logger.error(…)`, `request.log.info(…)`. */
const isLogCall = (node: Node) => {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as Node;
  if (callee.type !== "MemberExpression" || callee.computed) return false;
  const level = nameOf(callee.property);
  if (!level || !logLevels.includes(level)) return false;
  const object = callee.object as Node;
  const name = object.type === "MemberExpression" ? nameOf(object.property) : nameOf(object);
  return name === "log" || name === "logger";
};

function outboundImport(node: Node): string | null {
  if (node.type !== "ImportDeclaration" || node.importKind === "type") return null;
  const module = (node.source as Node).value as string;
  const opens = outboundImports[module];
  if (!opens) return null;
  if (opens === "all") return `imports ${module}`;
  for (const specifier of node.specifiers as Node[]) {
    const name = specifier.type === "ImportSpecifier" ? nameOf(specifier.imported) : undefined;
    if (name && specifier.importKind !== "type" && opens.includes(name)) return `imports ${name} from ${module}`;
  }
  return null;
}

export const securityRules: readonly SymbolRule[] = [
  {
    binds: (path) => inCode(path) && !path.startsWith("server/"),
    finds: (node, parent) => {
      if (node.type === "JSXAttribute" && (node.name as Node & { name?: string }).name === "dangerouslySetInnerHTML")
        return "sets dangerouslySetInnerHTML";
      if (
        node.type === "MemberExpression" &&
        !node.computed &&
        htmlSinks.has(nameOf(node.property) ?? "") &&
        parent?.type === "AssignmentExpression" &&
        parent.left === node
      )
        return `assigns .${nameOf(node.property)}`;
      if (memberCall(node, "insertAdjacentHTML")) return "calls .insertAdjacentHTML(";
      if (node.type === "CallExpression" && isMember(node.callee as Node, "document", "write"))
        return "calls document.write(";
      return null;
    },
    says: "the console renders text, never HTML made from strings (SECURITY.md 1.2.1, 3.2.2)",
  },
  {
    binds: inCode,
    finds: (node, _parent, declared) => {
      if (node.type === "CallExpression" && nameOf(node.callee) === "eval" && !declared.has("eval"))
        return "calls eval(";
      if (node.type === "NewExpression" && nameOf(node.callee) === "Function" && !declared.has("Function"))
        return "calls new Function(";
      return null;
    },
    says: "no code is made from strings at run time (SECURITY.md 1.3.2)",
  },
  {
    binds: inServer,
    finds: (node) => (isMember(node, "Math", "random") ? "uses Math.random" : null),
    says: "the server's randomness comes from node:crypto, a CSPRNG (SECURITY.md 6.5.3)",
  },
  {
    binds: inServer,
    finds: (node) => {
      if (
        node.type === "Property" &&
        nameOf(node.key) === "rejectUnauthorized" &&
        (node.value as Node).type === "Literal" &&
        (node.value as Node).value === false
      )
        return "sets rejectUnauthorized: false";
      if (node.type === "Literal" && node.value === "NODE_TLS_REJECT_UNAUTHORIZED")
        return "names NODE_TLS_REJECT_UNAUTHORIZED";
      if (nameOf(node) === "NODE_TLS_REJECT_UNAUTHORIZED") return "names NODE_TLS_REJECT_UNAUTHORIZED";
      return null;
    },
    says: "TLS clients verify the server's certificate: no code turns verification off (SECURITY.md 12.3.2)",
  },
  {
    binds: inServer,
    finds: (node) => {
      const raw = ["raw", "lit"].find(
        (name) =>
          node.type === "CallExpression" &&
          isMember(node.callee as Node, "sql", name) &&
          !isLiteralText((node.arguments as Node[])[0]),
      );
      return raw ? `calls sql.${raw}( with a value` : null;
    },
    says: "SQL binds every value: sql.raw and sql.lit take fixed text only (SECURITY.md 1.2.4)",
  },
  {
    binds: inServer,
    finds: (node) =>
      isLogCall(node) && (node.arguments as Node[]).some(isBuiltText) ? "logs a message built from values" : null,
    says: "log messages are fixed text; values go in the fields object (SECURITY.md 1.3.10, 16.4.1)",
  },
  {
    binds: (path) => inServer(path) && !outboundFiles.has(path),
    finds: (node, parent, declared) => {
      const imported = outboundImport(node);
      if (imported) return imported;
      return nameOf(node) === "fetch" &&
        !declared.has("fetch") &&
        parent?.type === "CallExpression" &&
        parent.callee === node
        ? "calls fetch("
        : null;
    },
    says: "only the files of scripts/security-rules.ts outboundFiles reach other hosts, each at a configured address (SECURITY.md 1.3.6, 13.2.4)",
  },
];
