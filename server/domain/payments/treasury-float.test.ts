import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { balanceSheets } from "./balance-sheet.ts";
import { ledgerViolations } from "./reconcile.ts";
import { bookTreasuryFloat, treasuryFloatUnits } from "./treasury-float.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const token = { chainId: 31337, address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 };

it("books the operator's float into the treasury once, from its own account, and the sheet balances with it", async () => {
  const { db } = database;
  const at = new Date();
  expect(await bookTreasuryFloat(db, token, 1_000_000_000_000n, at)).toBe(true);
  // A restart books nothing more, whatever the amount it is told.
  expect(await bookTreasuryFloat(db, token, 1_000_000_000_000n, at)).toBe(false);
  expect(await bookTreasuryFloat(db, token, 5n, at)).toBe(false);
  const accounts = await db
    .selectFrom("ledger_accounts")
    .select(["kind", "balance"])
    .where("kind", "in", ["treasury", "operatorFloat"])
    .orderBy("kind")
    .execute();
  expect(accounts).toEqual([
    { kind: "operatorFloat", balance: "1000000.000000000000000000" },
    { kind: "treasury", balance: "-1000000.000000000000000000" },
  ]);
  expect(await treasuryFloatUnits(db, token.chainId, token.address.toLowerCase(), 6)).toBe(1_000_000_000_000n);
  expect(await balanceSheets(db)).toEqual([
    expect.objectContaining({ currency: "USDT", inTreasury: "1000000", operatorFloat: "1000000", ok: true }),
  ]);
  expect(await ledgerViolations(db)).toEqual([]);
});
