import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildServer } from "../app.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { seedMerchant } from "../testing/seed.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import { pruneExpired } from "./prune-expired.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ devOutbox: true });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const prune = () => pruneExpired(h.db, h.clock.now(), defaultLimits);
const countOf = async (table: "sessions" | "verification_codes" | "rate_limits" | "mail_outbox") =>
  Number(
    (
      await h.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("pruneExpired", () => {
  it("keeps what is live and removes what has ended", async () => {
    const live = await signedInMerchant(h, "live@example.com");
    await call(h, "sendCode", { body: { email: "new@example.com", type: "register" } });
    await call(h, "login", { body: { email: "nobody@example.com", password: "Wrong7Pass" } });
    expect(await prune()).toEqual({
      sessions: 0,
      codes: 0,
      rateLimits: 0,
      outboxCodesBlanked: 0,
      outboxRows: 0,
      googleRows: 0,
      securityEvents: 0,
      applicationProofs: 0,
      verifiedWindows: 0,
      openApiNonces: 0,
      demoInvoices: 0,
    });
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

describe("pruneExpired, rule by rule", () => {
  const ago = (seconds: number) => new Date(h.clock.now().getTime() - seconds * 1000);
  const day = 86_400;
  const { sessionIdleSeconds: idle, sessionAbsoluteSeconds: absolute } = defaultLimits;

  it("removes a session a day after either limit, even one still in use, and keeps the others", async () => {
    const { userId } = await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
    const session = (token: string, created: number, seen: number) => ({
      token_hash: token,
      merchant_id: userId,
      created_at: ago(created),
      last_seen_at: ago(seen),
    });
    await h.db
      .insertInto("sessions")
      .values([
        session("live", 3600, 60),
        session("old-but-in-grace", absolute + day - 60, 60),
        session("old-and-busy", absolute + day + 1, 60),
        session("idle-in-grace", idle + day - 60, idle + day - 60),
        session("idle", idle + day + 1, idle + day + 1),
      ])
      .execute();
    expect((await prune()).sessions).toBe(2);
    const left = await h.db.selectFrom("sessions").select("token_hash").orderBy("token_hash").execute();
    expect(left.map((r) => r.token_hash)).toEqual(["idle-in-grace", "live", "old-but-in-grace"]);
  });

  it("keeps a bucket that still holds events and removes it once drained", async () => {
    await h.db
      .insertInto("rate_limits")
      .values([
        { bucket: "login-ip", subject: "10.0.0.1", tat: ago(-30) },
        { bucket: "login-ip", subject: "10.0.0.2", tat: ago(0) },
      ])
      .execute();
    expect((await prune()).rateLimits).toBe(1);
    expect(await h.db.selectFrom("rate_limits").select("subject").execute()).toEqual([{ subject: "10.0.0.1" }]);
  });
});

describe("the prune buildServer schedules", () => {
  it("is what buildServer runs, until the server closes", async () => {
    const drained = { bucket: "login-ip", subject: "10.9.9.9", tat: new Date(Date.now() - 1000) };
    await h.db.insertInto("rate_limits").values(drained).execute();
    const app = await buildServer({ db: h.db, pruneEveryMs: 20 });
    await vi.waitFor(async () => expect(await countOf("rate_limits")).toBe(0), { timeout: 5_000, interval: 20 });
    await app.close();
    await h.db.insertInto("rate_limits").values(drained).execute();
    await new Promise((done) => setTimeout(done, 200));
    expect(await countOf("rate_limits")).toBe(1);
  });
});
