import { describe, expect, it } from "vitest";
import { appBill } from "../../contracts/schemas/bills.ts";
import { csvColumnsOf, csvText, guardFormula } from "./csv-file.ts";

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

  it("writes a download's batches as one line a row, under a header, quoting and guarding what needs it", async () => {
    const batches = (async function* () {
      yield [{ name: 'Shop, "north"', amount: "-1.5", paid: true }];
      yield [
        { name: "=1+1", amount: "2", paid: false },
        { name: "plain", amount: null, paid: true },
      ];
    })();
    let text = "";
    for await (const chunk of csvText(["name", "amount", "paid"], { fileName: "x.csv", batches })) text += chunk;
    expect(text).toBe('name,amount,paid\n"Shop, ""north""",-1.5,true\n\'=1+1,2,false\nplain,,true\n');
  });

  it("ends the file with a reading's error, and stops the reading when the reader stops", async () => {
    const failing = (async function* () {
      yield [{ name: "first" }];
      throw new Error("the database went away");
    })();
    const read = async () => {
      for await (const _chunk of csvText(["name"], { fileName: "x.csv", batches: failing }));
    };
    await expect(read()).rejects.toThrow("the database went away");

    let stopped = false;
    const endless = (async function* () {
      try {
        for (let i = 0; ; i++) yield Array.from({ length: 500 }, (_, j) => ({ name: `row ${i}-${j}` }));
      } finally {
        stopped = true;
      }
    })();
    for await (const _chunk of csvText(["name"], { fileName: "x.csv", batches: endless })) break;
    await expect.poll(() => stopped).toBe(true);
  });
});
