import type { Kysely } from "kysely";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { newWebhookSecret, sealWebhookSecret } from "../applications/webhook-secrets.ts";
import { signedAsSent } from "../../testing/callback-fixtures.ts";
import { webhookHeaders } from "./webhook-signature.ts";

const body = Buffer.from(JSON.stringify({ id: "evt_1", type: "deposit.credited", bill: { amount: "12.50" } }));
const message = (timestamp = new Date()) => ({ id: "evt_1", timestamp, body });
const verify = (secret: string, payload: Buffer, headers: object) =>
  new Webhook(secret).verify(payload, headers as Record<string, string>);

describe("webhookHeaders (Standard Webhooks 1.0)", () => {
  it("signs id.timestamp.body so that the standardwebhooks library accepts it", () => {
    const secret = newWebhookSecret();
    const timestamp = new Date();
    const headers = webhookHeaders(message(timestamp), [secret]);
    expect(headers["webhook-id"]).toBe("evt_1");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verify(secret, body, headers)).toEqual(JSON.parse(body.toString()));
    // The library's own signature of the same message is the same.
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("evt_1", timestamp, body));
  });

  it("is refused after one byte of the body changes, with another secret, or with a stale timestamp", () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(message(), [secret]);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3] = (tampered[tampered.length - 3] ?? 0) ^ 1;
    expect(() => verify(secret, tampered, headers)).toThrow(WebhookVerificationError);
    expect(() => verify(newWebhookSecret(), body, headers)).toThrow(WebhookVerificationError);
    const stale = webhookHeaders(message(new Date(Date.now() - 6 * 60_000)), [secret]);
    expect(() => verify(secret, body, stale)).toThrow(/too old/);
    // The id is signed too.
    expect(() => verify(secret, body, { ...headers, "webhook-id": "evt_2" })).toThrow(WebhookVerificationError);
  });

  it("carries one signature per secret, space-separated: a receiver holding either verifies", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders(message(), [current, previous]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => verify(current, body, headers)).not.toThrow();
    expect(() => verify(previous, body, headers)).not.toThrow();
  });

  it("signs the exact bytes, even ones that are not UTF-8", () => {
    const secret = newWebhookSecret();
    const raw = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const headers = webhookHeaders({ id: "evt_raw", timestamp: new Date(), body: raw }, [secret]);
    const other = webhookHeaders(
      { id: "evt_raw", timestamp: new Date(), body: Buffer.from([0x7b, 0xfe, 0xff, 0x7d]) },
      [secret],
    );
    expect(headers["webhook-signature"]).not.toBe(other["webhook-signature"]);
  });

  it("refuses to sign without a secret or with an id the header cannot carry", () => {
    expect(() => webhookHeaders(message(), [])).toThrow();
    expect(() => webhookHeaders({ ...message(), id: "a b" }, [newWebhookSecret()])).toThrow();
  });
});

describe("signing with the application's live webhook secrets", () => {
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await createTestDatabase());
  });
  afterAll(() => close?.());
  beforeEach(() => resetDatabase(db));

  it("signs with the current secret and the previous one only inside its grace window", async () => {
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    const { applicationId, appKey } = await seedApplication(db, { userId });
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = new Date();
    const validUntil = new Date(now.getTime() + 60_000);
    await db
      .updateTable("applications")
      .set({
        webhook_secret_sealed: sealWebhookSecret(testServerSecret, appKey, current),
        previous_webhook_secret_sealed: sealWebhookSecret(testServerSecret, appKey, previous),
        previous_webhook_secret_valid_until: validUntil,
      })
      .where("id", "=", applicationId)
      .execute();

    const inside = await signedAsSent(db, applicationId, message(now), testServerSecret);
    expect(inside["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => verify(current, body, inside)).not.toThrow();
    expect(() => verify(previous, body, inside)).not.toThrow();

    const after = await signedAsSent(db, applicationId, message(validUntil), testServerSecret);
    expect(after["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => verify(current, body, after)).not.toThrow();
    expect(() => verify(previous, body, after)).toThrow(WebhookVerificationError);
  });

  it("signs with a rotated secret from the very next callback (no secret unsealed before is served for it)", async () => {
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    const { applicationId, appKey } = await seedApplication(db, { userId });
    const [first, second] = [newWebhookSecret(), newWebhookSecret()];
    const setCurrent = (webhookSecret: string) =>
      db
        .updateTable("applications")
        .set({ webhook_secret_sealed: sealWebhookSecret(testServerSecret, appKey, webhookSecret) })
        .where("id", "=", applicationId)
        .execute();
    await setCurrent(first);
    const before = await signedAsSent(db, applicationId, message(), testServerSecret);
    expect(() => verify(first, body, before)).not.toThrow();
    // Rotated without a grace window: only the new secret signs.
    await setCurrent(second);
    const after = await signedAsSent(db, applicationId, message(), testServerSecret);
    expect(() => verify(second, body, after)).not.toThrow();
    expect(() => verify(first, body, after)).toThrow(WebhookVerificationError);
    // And a secret set back to one used before signs with that one again.
    await setCurrent(first);
    const again = await signedAsSent(db, applicationId, message(), testServerSecret);
    expect(() => verify(first, body, again)).not.toThrow();
  });

  it("gives an application made before webhook secrets one on first use, once, sealed", async () => {
    const { userId } = await seedMerchant(db, { email: "shop@example.com", password: "Merchant7Pass" });
    const { applicationId } = await seedApplication(db, { userId });
    const before = await db.selectFrom("applications").selectAll().executeTakeFirstOrThrow();
    expect(before.webhook_secret_sealed).toBeNull();
    const [one, two] = await Promise.all([
      signedAsSent(db, applicationId, message(), testServerSecret),
      signedAsSent(db, applicationId, message(), testServerSecret),
    ]);
    expect(one["webhook-signature"]).toBe(two["webhook-signature"]);
    const row = await db.selectFrom("applications").selectAll().executeTakeFirstOrThrow();
    expect(row.webhook_secret_sealed).toMatch(/^v1\./);
    await expect(signedAsSent(db, "999999", message(), testServerSecret)).rejects.toThrow();
  });
});
