import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../../testing/harness.ts";
import { seedSession } from "../../testing/seed.ts";
import { defaultLimits } from "../platform/limits.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ limits: { merchantCalls: { max: 5, seconds: 60 } } });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

describe("the per-merchant limit on signed-in calls (ASVS 2.4.1)", () => {
  it("answers 429/2005 past the limit, whatever the session and address, and leaves other merchants alone", async () => {
    const a = await signedInMerchant(h, "alpha@example.com");
    const b = await signedInMerchant(h, "bravo@example.com");
    const second = `${a.token}-second`;
    await seedSession(h.db, { userId: a.userId, token: second });
    // Five calls of A from two sessions and two addresses fill A's bucket.
    for (let i = 0; i < 5; i++) {
      const answer = await call(h, "menu", {
        token: i % 2 ? second : a.token,
        ip: i % 2 ? "192.0.2.1" : "198.51.100.1",
      });
      expect(answer.success).toBe(true);
    }
    const refused = await call(h, "lastLogin", { token: a.token, ip: "203.0.113.50" });
    expect(refused).toMatchObject({ status: 429, success: false, errCode: "2005" });
    expect(refused.errMsg).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect((await call(h, "balance", { token: second })).status).toBe(429);
    // The live order stream counts too.
    expect((await call(h, "orderEvents", { token: a.token, query: { orderCode: "none" } })).status).toBe(429);
    // B is not A.
    expect((await call(h, "menu", { token: b.token })).success).toBe(true);
    // A slot comes back every 12 s (60 s / 5).
    h.clock.advance(12);
    expect((await call(h, "menu", { token: a.token })).success).toBe(true);
    expect((await call(h, "menu", { token: a.token })).status).toBe(429);
    // Signed-out calls are not counted against anyone.
    expect((await call(h, "login", { body: { email: a.email, password: a.password } })).success).toBe(true);

    // One security event per run of refusals (the first, and the one after the wait), not one per refused call.
    const events = await h.db
      .selectFrom("security_events")
      .select(["kind", "outcome", "ip", "merchant_id"])
      .where("kind", "=", "callLimit")
      .execute();
    expect(events).toEqual([
      { kind: "callLimit", outcome: "refused", ip: "203.0.113.50", merchant_id: a.userId },
      { kind: "callLimit", outcome: "refused", ip: "127.0.0.1", merchant_id: a.userId },
    ]);
  });

  it("is sized far above what a busy console sends: 600 at once, then 10 a second", () => {
    // e2e/merchant-call-limit.e2e.test.ts measures the console itself and checks it stays under a tenth of this.
    expect(defaultLimits.merchantCalls).toEqual({ max: 600, seconds: 60 });
  });
});
