import { describe, expect, it } from "vitest";
import { appBill } from "../../contracts/schemas/bills.ts";
import { csvColumnsOf, guardFormula } from "./csv-file.ts";

describe("CSV files", () => {
  it("guards a text cell a spreadsheet would run as a formula, and leaves numbers and other text alone", () => {
    for (const formula of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx", '=HYPERLINK("x")'])
      expect(guardFormula(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    for (const plain of ["-1.5", "-12", "0.000001", "a=b", 'Shop, "north"', ""])
      expect(guardFormula(plain), JSON.stringify(plain)).toBe(plain);
  });

  it("takes a download's columns from its row schema, in order", () => {
    expect(csvColumnsOf(appBill).slice(0, 3)).toEqual(["billNo", "appCode", "appName"]);
    expect(csvColumnsOf(appBill)).toHaveLength(Object.keys(appBill.shape).length);
  });
});
