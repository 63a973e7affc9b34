import type { Kysely } from "kysely";
import { encodeAbiParameters, keccak256 } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedMerchant, seedSession, testServerSecret } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { findSession } from "../identity/sessions.ts";
import { merchantWalletEndUser, paymentAddress } from "./wallets.ts";

let database: OpenedDatabase;
let db: Kysely<DB>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());
beforeEach(() => resetDatabase(db));

const factory = privateKeyToAddress(generatePrivateKey());
/** The salt before issue 67: keccak-256 of the ABI-encoded pair, which anyone could compute. */
const publicSalt = (application: string, endUser: string) =>
  keccak256(encodeAbiParameters([{ type: "string" }, { type: "string" }], [application, endUser]));

describe("deposit salts across issue 67's keyed derivation", () => {
  it("keeps an address issued with the old public salt, and issues a new one with the keyed salt", async () => {
    const issued = await seedMerchant(db, { email: "before@example.com", password: "Secret123" });
    const fresh = await seedMerchant(db, { email: "after@example.com", password: "Secret123" });
    const scopeOf = async (userId: string) => {
      await seedSession(db, { userId, token: `salt-${userId}` });
      const session = await findSession(db, `Bearer salt-${userId}`, new Date(), {
        idleSeconds: 60,
        absoluteSeconds: 60,
      });
      return session!.scope;
    };
    const before = await scopeOf(issued.userId);
    const salt = publicSalt("wallet", before.merchantId);
    const stored = depositAddress(factory, salt);
    await db
      .insertInto("deposit_addresses")
      .values({
        merchant_id: before.merchantId,
        application_id: null,
        end_user_id: merchantWalletEndUser,
        chain_id: 31337,
        factory,
        salt,
        address: stored,
        created_at: new Date(),
      })
      .execute();
    const chain = { chainId: 31337, depositFactory: factory };
    expect(await paymentAddress(db, before, null, chain, new Date(), testServerSecret)).toBe(stored);

    const after = await scopeOf(fresh.userId);
    const made = await paymentAddress(db, after, null, chain, new Date(), testServerSecret);
    expect(made).toBe(
      depositAddress(factory, depositSalt(depositSaltKey(testServerSecret), "wallet", after.merchantId)),
    );
    expect(made).not.toBe(depositAddress(factory, publicSalt("wallet", after.merchantId)));
  });
});
