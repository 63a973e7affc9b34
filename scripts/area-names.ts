import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where an endpoint area (the `area` of its endpoints in contracts/endpoints/*.ts) lives in each layer, when it is not
 * at its own name. An area at its own name everywhere (contracts/schemas/<area>.ts, machines/<area>/,
 * src/features/<area>/, server/domain/<area>/, server/routes/<area>.ts) needs no row. The server's domain is cut by
 * what changes together (payments, identity …), so most rows say which domain folder holds the area's use cases.
 * `null`: the area has nothing in that layer.
 */
export interface AreaPlaces {
  /** contracts/schemas/<file>.ts */
  schemas: string | null;
  /** machines/<folder>/ */
  machines: string | null;
  /** src/features/<folder>/ */
  features: string | null;
  /** server/domain/<folder>/ */
  domain: string;
  /** server/routes/<file>.ts */
  routes: string;
}

/** What differs from an area's own name, layer by layer; what a row leaves out is at the area's name. */
export const areaNames: Record<string, Partial<AreaPlaces>> = {
  account: { schemas: "balance", machines: null, features: null, domain: "payments" },
  apps: { domain: "applications" },
  auth: { domain: "identity" },
  // The hosted checkout page's calls; its page is an entry of its own, src/checkout/ (no console feature).
  checkout: { features: null, domain: "invoices" },
  currencies: { domain: "payments" },
  console: { domain: "bills" },
  demo: { machines: "public", features: "public", domain: "invoices" },
  messages: { machines: "shell", features: null, domain: "messaging" },
  orders: { domain: "payments" },
  recharges: { domain: "bills" },
  transactions: { domain: "payments" },
  twoFactor: { schemas: "two-factor", machines: "user", features: "user", domain: "identity", routes: "two-factor" },
  user: { domain: "identity" },
  wallet: { domain: "withdrawals" },
};

/** Folders that are no endpoint area's: what every area shares, and the console's pages no endpoint area owns. */
export const sharedFolders: Record<string, readonly string[]> = {
  machines: ["lists"],
  "src/features": ["my-currencies"],
  "server/domain": ["platform", "collection"],
};

const layerPath = {
  schemas: (name: string) => `contracts/schemas/${name}.ts`,
  machines: (name: string) => `machines/${name}`,
  features: (name: string) => `src/features/${name}`,
  domain: (name: string) => `server/domain/${name}`,
  routes: (name: string) => `server/routes/${name}.ts`,
} as const;

const folders = (root: string, dir: string) =>
  (existsSync(join(root, dir)) ? readdirSync(join(root, dir), { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The endpoint areas the endpoint table declares (each `area: "…"` of contracts/endpoints/*.ts). */
function declaredAreas(root: string): Set<string> {
  const dir = join(root, "contracts/endpoints");
  const areas = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")))
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(/\barea: "([\w-]+)"/g)) areas.add(match[1]!);
  return areas;
}

/**
 * Each break of the one-name rule: an endpoint area missing in a layer under its own name and without a row saying
 * where it is, a row naming a file or folder that is not there or an area no endpoint declares, a folder of machines/,
 * src/features/ or server/domain/ that is no area's and not shared.
 */
export function areaNameProblems(
  root: string,
  table: Record<string, Partial<AreaPlaces>> = areaNames,
  shared: Record<string, readonly string[]> = sharedFolders,
): string[] {
  // A tree without an endpoint table (the house rules' own fixtures) has no areas to name.
  if (!existsSync(join(root, "contracts/endpoints"))) return [];
  const problems: string[] = [];
  const places = new Map<string, AreaPlaces>();
  for (const area of declaredAreas(root)) {
    const own = table[area] ? "row" : "name";
    const at: AreaPlaces = {
      schemas: area,
      machines: area,
      features: area,
      domain: area,
      routes: area,
      ...table[area],
    };
    places.set(area, at);
    for (const layer of Object.keys(layerPath) as (keyof AreaPlaces)[]) {
      const name = at[layer];
      if (name === null) continue;
      const path = layerPath[layer](name);
      if (existsSync(join(root, path))) continue;
      problems.push(
        own === "row"
          ? `scripts/area-names.ts: area ${area} names ${path}, which is not there`
          : `endpoint area ${area} has no ${path}: name it so, or say where it is in scripts/area-names.ts`,
      );
    }
  }
  for (const area of Object.keys(table))
    if (!places.has(area)) problems.push(`scripts/area-names.ts names area ${area}, which no endpoint declares`);
  const named = (layer: "machines" | "features" | "domain") =>
    new Set([...places.values()].flatMap((at) => (at[layer] === null ? [] : [at[layer]])));
  for (const [dir, layer] of [
    ["machines", "machines"],
    ["src/features", "features"],
    ["server/domain", "domain"],
  ] as const)
    for (const folder of folders(root, dir))
      if (!named(layer).has(folder) && !(shared[dir] ?? []).includes(folder))
        problems.push(
          `${dir}/${folder}/ is no endpoint area's folder (by its name or scripts/area-names.ts), nor a shared one`,
        );
  return problems;
}
