import type { ImportEdge } from "./import-graph.ts";

/** One rule of docs/architecture.md section 1 or of CONTRIBUTING.md's house rules: files under `from` must not import what the rule names. */
export interface DirectionRule {
  /** The folder the rule binds, relative to the root (tests in it included). */
  from: string;
  /** A folder inside `from` that the rule leaves to a rule of its own. */
  except?: string;
  /** Our files the folder must not import, directly or through files of other folders; `importer` is the file the chain starts at. */
  forbidsFile?: (to: string, importer: string) => boolean;
  /** Packages the folder must not import. */
  forbidsPackage?: RegExp;
  /** Type-only imports pass: the rule is about what runs (a route may name the database's type, not query it). */
  allowsTypes?: boolean;
  /** The folder's tests may reach further (a test harness opens a database, starts the app): the rule binds its code. */
  spareTests?: boolean;
  /** Only the folder's own imports count: reaching the forbidden files through another folder is the intended way. */
  directOnly?: boolean;
  /** `import()` passes: the route table loads feature pages lazily, and a lazy chunk is a boundary, not a dependency. */
  allowsLazy?: boolean;
  says: string;
}

export const inside = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const anyOf =
  (...folders: string[]) =>
  (path: string) =>
    folders.some((folder) => inside(folder)(path));
/** `src/features/orders/x.tsx` → `orders`. */
const featureOf = (path: string) => /^src\/features\/([^/]+)\//.exec(path)?.[1];

/**
 * The areas of server/domain that other areas build on, lowest first: an area imports only the areas before it
 * (docs/architecture.md section 1). What several areas raise or read sits low (platform: scopes, outcomes, the NOTIFY
 * channels, rate limits); what combines areas (the chain's listener, the prune) is the server's wiring (server/wiring).
 * A folder of server/domain not listed is a leaf, above them all: it imports any listed area and no area imports it,
 * so a new area needs no line here until another area imports it.
 */
export const domainAreaOrder = [
  "platform",
  "messaging",
  "identity",
  "applications",
  "payments",
  "bills",
  "callbacks",
  "withdrawals",
  "collection",
  "invoices",
] as const;
/** `server/domain/bills/x.ts` → `bills`; files directly in server/domain belong to no area. */
const domainAreaOf = (path: string) => /^server\/domain\/([^/]+)\//.exec(path)?.[1];
/** A leaf (an area the order does not list) ranks above every listed one. */
const rankOf = (area: string) => {
  const rank = (domainAreaOrder as readonly string[]).indexOf(area);
  return rank < 0 ? domainAreaOrder.length : rank;
};
/** An import against the order: upwards, or into a leaf from another area. */
const againstDomainOrder = (to: string, importer: string) => {
  const [from, into] = [domainAreaOf(importer), domainAreaOf(to)];
  if (!from || !into || from === into) return false;
  return rankOf(into) >= domainAreaOrder.length || rankOf(into) > rankOf(from);
};

/** `contracts/schemas` <- `machines/` <- `src/`; `contracts/schemas` <- `server/`; and the folders inside them. */
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
  {
    from: "contracts",
    except: "contracts/pact",
    forbidsFile: anyOf("machines", "src"),
    says: "contracts never import machines/ or src/",
  },
  // A machine the server and the console both run (an invoice's life) lives in contracts/machines, since the server
  // never imports machines/: pure, it reaches only XState, the wire's schemas and the money module.
  {
    from: "contracts/machines",
    forbidsFile: (to) =>
      !(inside("contracts/machines")(to) || inside("contracts/schemas")(to) || to === "contracts/money.ts"),
    forbidsPackage: /^(?!(xstate|zod\/mini)$)/,
    spareTests: true,
    says: "contracts/machines run on the server and in the console alike: they import xstate, zod/mini, contracts/schemas and contracts/money.ts only",
  },
  {
    from: "contracts/pact",
    forbidsFile: (to) => inside("machines")(to) || (inside("src")(to) && !inside("src/api")(to)),
    says: "the Pact tests reach the console only through its client, src/api/",
  },
  // Section 1: machines are pure (no React, no fetch, no window).
  {
    from: "machines",
    forbidsPackage: /^(react|react-dom|@xstate\/react|react-i18next|react-router|@blueprintjs\/[^/]+|ky)(\/|$)/,
    says: "machines are pure: no React, no UI kit, no HTTP client",
  },
  // Inside server/: routes and http <- wiring <- domain <- db.
  {
    from: "server/domain",
    forbidsFile: anyOf("server/http", "server/routes", "server/wiring"),
    spareTests: true,
    says: "server/domain never imports server/http, server/routes or server/wiring",
  },
  {
    from: "server/domain",
    forbidsFile: againstDomainOrder,
    spareTests: true,
    directOnly: true,
    says: `the domain areas import one way (${domainAreaOrder.join(" <- ")}): an area imports only those before it; an area not in domainAreaOrder (scripts/import-directions.ts) is a leaf no other area imports, until it takes its place there`,
  },
  {
    from: "server/db",
    forbidsFile: inside("server/domain"),
    spareTests: true,
    says: "server/db never imports server/domain",
  },
  {
    from: "server/routes",
    forbidsFile: inside("server/db"),
    forbidsPackage: /^kysely(\/|$)/,
    allowsTypes: true,
    spareTests: true,
    directOnly: true,
    says: "routes run no SQL: the database is reached through server/domain",
  },
  {
    from: "server/http",
    forbidsFile: inside("server/db"),
    forbidsPackage: /^kysely(\/|$)/,
    allowsTypes: true,
    spareTests: true,
    directOnly: true,
    says: "server/http runs no SQL: the database is reached through server/domain",
  },
  // The chain is an adapter behind the ports it owns (docs/architecture.md section 1); the wiring hands it its listener.
  {
    from: "server/chain",
    forbidsFile: anyOf("server/domain", "server/http", "server/routes", "server/wiring"),
    spareTests: true,
    says: "server/chain is an adapter behind the ports it owns (ChainAdapter, ChainListener, OutgoingListener, TransactionSender): it imports nothing of server/domain, server/http, server/routes or server/wiring",
  },
  // Inside src/: ui <- app <- features; layout beside app; no feature imports another.
  {
    from: "src/ui",
    forbidsFile: anyOf("src/app", "src/layout", "src/features"),
    says: "src/ui is presentational: it imports nothing of app/, layout/ or features/",
  },
  {
    from: "src/app",
    forbidsFile: inside("src/features"),
    allowsLazy: true,
    says: "src/app reaches a feature only through the route table's lazy import()",
  },
  { from: "src/layout", forbidsFile: inside("src/features"), says: "src/layout never imports a feature" },
  {
    from: "src/features",
    forbidsFile: (to, importer) => featureOf(to) !== undefined && featureOf(to) !== featureOf(importer),
    allowsLazy: true,
    says: "a feature never imports another feature: what two share moves to src/ui, src/app or machines/",
  },
];

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const binds = (rule: DirectionRule) => (path: string) =>
  inside(rule.from)(path) && !(rule.except && inside(rule.except)(path)) && !(rule.spareTests && isTest(path));
/** The edges the rule looks at: type-only and lazy imports drop out where the rule allows them. */
const counted = (rule: DirectionRule) => (e: ImportEdge) =>
  !(rule.allowsTypes && e.typeOnly) && !(rule.allowsLazy && e.lazy);

const directViolations = (rule: DirectionRule, edges: readonly ImportEdge[]) =>
  edges
    .filter((e) => binds(rule)(e.from) && counted(rule)(e))
    .filter((e) => (e.to === null ? rule.forbidsPackage?.test(e.specifier) : rule.forbidsFile?.(e.to, e.from)))
    .map((e) => `${e.from} imports ${e.specifier}: ${rule.says}`);

/**
 * Chains that leave the rule's folder for a permitted one and reach a forbidden file from there, e.g.
 * server/a.ts → contracts/x.ts → src/y.ts. Breadth-first from all of the folder's files at once, so
 * each chain is the shortest and each import into the forbidden folder is reported once.
 */
function indirectViolations(rule: DirectionRule, files: readonly string[], edges: readonly ImportEdge[]): string[] {
  const forbids = rule.forbidsFile;
  if (!forbids || rule.directOnly) return [];
  const known = new Set(files);
  const next = new Map<string, Set<string>>();
  for (const e of edges.filter(counted(rule))) {
    if (e.to !== null && e.resolved && known.has(e.to)) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  }
  const bound = binds(rule);
  const parent = new Map<string, string | null>(files.filter(bound).map((f) => [f, null]));
  const queue = [...parent.keys()];
  const found: string[] = [];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of next.get(node) ?? []) {
      if (parent.has(target) || bound(target)) continue;
      const chain = [target];
      for (let at: string | null | undefined = node; at; at = parent.get(at)) chain.unshift(at);
      if (forbids(target, chain[0]!)) {
        if (parent.get(node) === null) continue; // a direct import, reported as such
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
export function directionViolations(
  files: readonly string[],
  edges: readonly ImportEdge[],
  rules = directionRules,
): string[] {
  return rules.flatMap((rule) => [...directViolations(rule, edges), ...indirectViolations(rule, files, edges)]);
}
