import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvOptions, guardFormula } from "./csv-cells.ts";
import { csvText } from "./csv-file.ts";

const batchesOf = <T>(batches: T[][]) =>
  (async function* () {
    yield* batches;
  })();

const textOf = async (csv: AsyncIterable<unknown>) => {
  let text = "";
  for await (const chunk of csv) text += chunk;
  return text;
};

describe("CSV files", () => {
  it("guards a text cell a spreadsheet would run as a formula, and leaves numbers and other text alone", () => {
    for (const formula of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx", '=HYPERLINK("x")'])
      expect(guardFormula(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    for (const plain of ["-1.5", "-12", "0.000001", "a=b", 'Shop, "north"', ""])
      expect(guardFormula(plain), JSON.stringify(plain)).toBe(plain);
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

  it("writes the columns under their headers after a byte order mark when given them (a file for people)", async () => {
    const text = await textOf(
      csvText(
        ["kind", "kindCode"],
        { fileName: "x.csv", batches: batchesOf([[{ kind: "充值", kindCode: "unmatched" }]]) },
        ["变动类型", "变动类型（代码）"],
      ),
    );
    expect(text).toBe("\uFEFF变动类型,变动类型（代码）\n充值,unmatched\n");
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

  it("is written in its own thread exactly as csv-stringify writes the same rows here, whatever the cells", async () => {
    const columns = ["text", "amount", "flag", "nested", "none"];
    const awkward = ["a,b", 'say "hi"', "two\nlines", "cr\rhere", "=1+1", "+1", "-x", "@x", "\tx", "", "ünï ✓", "-1.5"];
    const rows = awkward.map((text, i) => ({
      text,
      amount: i % 2 ? `${i}.000001` : -i,
      flag: i % 3 === 0,
      nested: i % 4 ? null : { limit: "10.5", days: [1, 2] },
      none: undefined,
    }));
    const threaded = await textOf(
      csvText(columns, { fileName: "x.csv", batches: batchesOf([rows.slice(0, 5), rows.slice(5)]) }),
    );
    const here = stringify(
      rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column])),
      csvOptions(columns),
    );
    expect(threaded).toBe(here);
    expect(threaded.split("\n")[0]).toBe("text,amount,flag,nested,none");
  });

  it("writes the header alone for no rows, and two files at once each with its own rows", async () => {
    expect(await textOf(csvText(["a", "b"], { fileName: "x.csv", batches: batchesOf<object>([]) }))).toBe("a,b\n");
    const many = (name: string) =>
      Array.from({ length: 3 }, (_, i) => Array.from({ length: 400 }, (_, j) => ({ name: `${name} ${i}-${j}` })));
    const [first, second] = await Promise.all(
      ["first", "second"].map((name) =>
        textOf(csvText(["name"], { fileName: "x.csv", batches: batchesOf(many(name)) })),
      ),
    );
    expect(first).toBe(
      `name\n${many("first")
        .flat()
        .map((row) => `${row.name}\n`)
        .join("")}`,
    );
    expect(second).toBe(
      `name\n${many("second")
        .flat()
        .map((row) => `${row.name}\n`)
        .join("")}`,
    );
  });

  it("reads no further ahead than a batch being written while the reader waits", async () => {
    let read = 0;
    const endless = (async function* () {
      for (;;) {
        read++;
        yield Array.from({ length: 500 }, (_, j) => ({ name: `row ${read}-${j}` }));
      }
    })();
    const csv = csvText(["name"], { fileName: "x.csv", batches: endless });
    csv.pause();
    await new Promise((resolve) => csv.once("readable", resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toBeLessThanOrEqual(3);
    csv.destroy();
  });

  it("ends the file with the error of a row its thread cannot write, and writes the next file", async () => {
    const loop: Record<string, unknown> = { name: "loop" };
    loop.self = loop;
    const failing = csvText(["name", "self"], { fileName: "x.csv", batches: batchesOf([[{ name: "ok" }], [loop]]) });
    await expect(textOf(failing)).rejects.toThrow(/circular/i);
    expect(await textOf(csvText(["name"], { fileName: "x.csv", batches: batchesOf([[{ name: "next" }]]) }))).toBe(
      "name\nnext\n",
    );
  });
});
