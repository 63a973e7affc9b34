/** The setups bench/memory-bench.ts measures: `npm start` on PGlite (first start and restart), PostgreSQL without a devnet. */
export type MemoryCase = "pglite" | "postgresql";

const allCases: MemoryCase[] = ["pglite", "postgresql"];

/**
 * The cases BENCH_ONLY names (comma-separated: `pglite`, `postgresql`), or all of them when it is unset or empty;
 * a name the bench does not know throws, rather than measuring nothing and printing an empty table.
 */
export function memoryCasesOf(only: string | undefined): MemoryCase[] {
  const names = (only ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return allCases;
  const unknown = names.filter((name) => !allCases.includes(name as MemoryCase));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: ${unknown.join(", ")} (known: ${allCases.join(", ")})`);
  return allCases.filter((name) => names.includes(name));
}
