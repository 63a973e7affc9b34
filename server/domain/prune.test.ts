import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { defaultLimits } from "./limits.ts";
import { pruneExpired } from "./prune.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ devOutbox: true });
});
afterAll(() => h.close());
beforeEach(() => reset(h));

const prune = () => pruneExpired(h.db, h.clock.now(), defaultLimits);
const countOf = async (table: "sessions" | "verification_codes" | "rate_limits" | "mail_outbox") =>
  Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);

describe("pruneExpired", () => {
  it("keeps what is live and removes what has ended", async () => {
    const live = await signedInMerchant(h, "live@example.com");
    await call(h, "sendCode", { body: { email: "new@example.com", type: "register" } });
    await call(h, "login", { body: { email: "nobody@example.com", password: "Wrong7Pass" } });
    expect(await prune()).toEqual({ sessions: 0, codes: 0, rateLimits: 0, outboxCodesBlanked: 0, outboxRows: 0, demoOrders: 0 });
    expect(await countOf("rate_limits")).toBeGreaterThan(0);

    // Past the code's ten minutes and the buckets' windows: the plain code leaves the outbox, the buckets go.
    h.clock.advance(3601);
    const later = await prune();
    expect(later).toMatchObject({ codes: 0, outboxCodesBlanked: 1, outboxRows: 0 });
    expect(later.rateLimits).toBeGreaterThan(0);
    expect(await countOf("rate_limits")).toBe(0);
    const mail = await h.db.selectFrom("mail_outbox").selectAll().executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ code: null, body: "" });
    expect(await countOf("verification_codes")).toBe(1);

    // A day after the idle limit: the session and the code rows go; a week later the mail row too.
    h.clock.advance(86_400 + 1800);
    expect(await prune()).toMatchObject({ sessions: 1, codes: 1 });
    expect(await call(h, "lastLogin", { token: live.token })).toMatchObject({ status: 401 });
    h.clock.advance(7 * 86_400);
    expect(await prune()).toMatchObject({ outboxRows: 1 });
    expect(await countOf("mail_outbox")).toBe(0);
  });

  it("keeps a revoked session a day, then removes it", async () => {
    const m = await signedInMerchant(h);
    await call(h, "logout", { token: m.token, query: { uid: m.userId } });
    expect((await prune()).sessions).toBe(0);
    expect(await countOf("sessions")).toBe(1);
    h.clock.advance(86_401);
    expect((await prune()).sessions).toBe(1);
  });
});
