import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { resetDatabase, seedMerchant } from "../testing/seed.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { receivingAddressOf } from "../domain/payments/receiving-addresses.ts";
import { checkAddressBook, watchedAddressBook } from "./address-book.ts";
import { randomXpub, receivingAddressesFromXpub, xpubFromMnemonic } from "./hd-wallet.ts";
import { resetChainTables } from "./test-chain.ts";

// Cheap password hashes for the seeded merchants (passwords.test.ts checks the real cost).
process.env.PASSWORD_HASH_COST ??= "test";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(async () => {
  await resetChainTables(database.db);
  await resetDatabase(database.db);
});

const addresses = receivingAddressesFromXpub(
  xpubFromMnemonic("test test test test test test test test test test test junk"),
);
/** A seeded merchant, as the system acting for them (tests may: scripts/symbol-rules.ts spares them). */
const tests = systemScope("test");
const merchant = async (email: string) =>
  actFor(tests, (await seedMerchant(database.db, { email, password: "Merchant7Pass" })).userId);

describe("the address book (one receiving address per merchant)", () => {
  it("gives each merchant one stable address, derived at the next index", async () => {
    const [a, b] = [await merchant("a@example.com"), await merchant("b@example.com")];
    const first = await receivingAddressOf(database.db, addresses, a);
    expect(await receivingAddressOf(database.db, addresses, a)).toEqual(first);
    const second = await receivingAddressOf(database.db, addresses, b);
    expect(second.index).toBeGreaterThan(first.index);
    expect(first.address).toBe(addresses.receivingAddress(first.index));
    expect(second.address).toBe(addresses.receivingAddress(second.index));
  });

  it("racing first asks of one merchant agree on one address", async () => {
    const a = await merchant("race@example.com");
    const answers = await Promise.all(Array.from({ length: 8 }, () => receivingAddressOf(database.db, addresses, a)));
    expect(new Set(answers.map((x) => x.address)).size).toBe(1);
    const rows = await database.db.selectFrom("receiving_addresses").selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses to run with another xpub than the one the stored addresses came from", async () => {
    await receivingAddressOf(database.db, addresses, await merchant("c@example.com"));
    await expect(checkAddressBook(database.db, addresses)).resolves.toBeUndefined();
    await expect(checkAddressBook(database.db, receivingAddressesFromXpub(randomXpub()))).rejects.toThrow(
      /derived from another WALLET_XPUB/,
    );
  });

  it("the watcher's view reloads when addresses are added, lower-cased for matching", async () => {
    const lists: string[][] = [];
    const book = watchedAddressBook(database.db, { onReload: (list) => lists.push(list) });
    expect((await book.load()).size).toBe(0);
    const { address } = await receivingAddressOf(database.db, addresses, await merchant("d@example.com"));
    expect([...(await book.load())]).toEqual([address.toLowerCase()]);
    await book.load();
    expect(lists).toEqual([[], [address]]);
  });
});
