import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { resetDatabase, seedBalance, seedMerchant, seedWithdrawal } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { owedLine } from "./treasury-owed.ts";

/** `npm run chain -- status`: the treasury against what it owes (withdrawals on their way, merchants' balances). */
let database: OpenedDatabase;
const token = `0x${"11".repeat(20)}`;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => resetDatabase(database.db));

describe("the treasury's line of chain status", () => {
  it("sums the withdrawals on their way of the chain and token, and says whether what the treasury holds covers them", async () => {
    const { db } = database;
    const { userId } = await seedMerchant(db, { email: "owed@example.com", password: "Merchant7Pass" });
    await seedBalance(db, { userId, amount: "50" });
    await seedWithdrawal(db, { userId, chainId: 31337, token, to: `0x${"22".repeat(20)}`, amount: "12.5" });
    await seedWithdrawal(db, { userId, chainId: 31337, token, to: `0x${"22".repeat(20)}`, amount: "3" });
    // Another chain's withdrawal is another treasury's.
    await seedWithdrawal(db, { userId, chainId: 1, token, to: `0x${"22".repeat(20)}`, amount: "4" });
    const line = (held: string) => owedLine(db, { chainId: 31337, token: token.toUpperCase(), held, symbol: "USDT" });
    expect(await line("20")).toBe(
      "owes     withdrawals on their way 15.5 USDT, merchants' balances 27.5 USDT (withdrawable): the treasury covers what is on its way",
    );
    expect(await line("15")).toContain("the treasury does NOT cover what is on its way: they wait");
  });
});
