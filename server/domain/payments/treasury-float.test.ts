import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { balanceSheets } from "./balance-sheet.ts";
import { seedConfirmedTransfer, seedMerchant } from "../../testing/seed.ts";
import { ledgerViolations, reconcile } from "./reconcile.ts";
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

it("reconciles clean with the float booked (issue 67: it read as merchants' money), and still reports a real shortfall of its size", async () => {
  const { db } = database;
  // The first test booked the float of `token`: the operator's money, no merchant's credit.
  const clean = await reconcile(db);
  expect(clean.find((row) => row.token === token.address.toLowerCase())).toMatchObject({
    credited: "0",
    difference: "0",
    ok: true,
  });
  // A confirmed transfer of exactly the float's size to a merchant's address, never credited: a shortfall.
  const { userId } = await seedMerchant(db, { email: "float@example.com", password: "Float7Pass" });
  const address = "0x00000000000000000000000000000000000f10a7";
  await db.insertInto("receiving_addresses").values({ address_index: 9_001, address, merchant_id: userId }).execute();
  await seedConfirmedTransfer(db, { baseUnits: 1_000_000_000_000n, to: address, token: token.address });
  const short = await reconcile(db);
  expect(short.find((row) => row.token === token.address.toLowerCase())).toMatchObject({
    received: "1000000",
    difference: "-1000000",
    ok: false,
  });
});
