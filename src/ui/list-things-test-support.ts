import { cleanup } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { afterAll, afterEach, beforeAll } from "vitest";
import { sizeGridBodies } from "./list-grid-test-support.ts";
import type { ListColumn } from "./list-table.tsx";

/** The sample list of the list table's and the data grid's tests: things with a code, an amount and a memo. */
export interface Thing {
  code: string;
  amount: string;
  memo: string;
}

export const things: Thing[] = [
  { code: "A1", amount: "1.50", memo: "first" },
  { code: "B2", amount: "2.00", memo: "second" },
];

/** The things' columns: the code heads its row, code and amount make a phone's card, the memo as `memo` says. */
export const thingColumns = (memo: Partial<ListColumn<Thing>> = {}): ListColumn<Thing>[] => [
  { key: "code", rowHeader: true, card: true, cell: (row) => row.code },
  { key: "amount", card: true, cell: (row) => row.amount },
  { key: "memo", ...memo, cell: (row) => row.memo },
];

/** An i18next of en-US with the test's own `texts` only. */
export async function englishOf(texts: object) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: "en-US", resources: { "en-US": { translation: texts } } });
  return i18n;
}

/** For every test of the file, the grid bodies sized (`sizeGridBodies`); after each, what it rendered taken away. */
export function withSizedGridBodies() {
  let restoreSizes = () => {};
  beforeAll(() => {
    restoreSizes = sizeGridBodies();
  });
  afterAll(() => restoreSizes());
  afterEach(cleanup);
}
