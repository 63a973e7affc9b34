import { describe, expect, it } from "vitest";
import { memoryCasesOf } from "./memory-cases.ts";

describe("the setups bench/memory-bench.ts measures (BENCH_ONLY)", () => {
  it("measures every setup when BENCH_ONLY is unset or empty", () => {
    expect(memoryCasesOf(undefined)).toEqual(["pglite", "postgresql"]);
    expect(memoryCasesOf("")).toEqual(["pglite", "postgresql"]);
  });

  it("measures only the setups it names, in the bench's order, whatever their case and spacing", () => {
    expect(memoryCasesOf("postgresql")).toEqual(["postgresql"]);
    expect(memoryCasesOf("PGlite")).toEqual(["pglite"]);
    expect(memoryCasesOf(" postgresql , pglite ")).toEqual(["pglite", "postgresql"]);
  });

  it("refuses a name it does not know instead of measuring nothing", () => {
    expect(() => memoryCasesOf("postgres")).toThrow(/BENCH_ONLY: postgres \(known: pglite, postgresql\)/);
  });
});
