// Stands in for @blueprintjs/icons' iconNames module in the console's bundle (vite.config.ts, lightIconNames).
// The original builds IconNames from the list of all 16 px icon names (some 8 kB gzip, loaded by every page,
// since Blueprint's Icon component imports the loader that validates names with it). The console names its
// icons by component (`icon={<Cog />}`, docs/architecture.md section 8), so nothing needs the list; a name given as
// a string still loads its paths, only an unknown one is reported by the loader instead of up front.

const kebab = (key: string): string =>
  /^[A-Z0-9_]+$/.test(key)
    ? key.toLowerCase().replace(/_/g, "-")
    : key
        .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
        .replace(/([A-Za-z])([0-9])/g, "$1-$2")
        .toLowerCase();

/** `IconNames.Cog` → "cog", `IconNames.ARROW_LEFT` → "arrow-left", as the original maps them. */
export const IconNames: Record<string, string> = new Proxy({} as Record<string, string>, {
  get: (_, key) => (typeof key === "string" ? kebab(key) : undefined),
});

/** Any well-formed icon name counts as known. */
export const IconNamesSet: Pick<ReadonlySet<string>, "has"> = {
  has: (name: unknown) => typeof name === "string" && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name),
};
