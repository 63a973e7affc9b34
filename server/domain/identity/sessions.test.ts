import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedMerchant } from "../../testing/seed.ts";
import { call, createHarness, type Harness, reset } from "../../testing/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

async function signIn(): Promise<string> {
  await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
  const answer = await call(h, "login", { body: { email: "shop@example.com", password: "Merchant7Pass" } });
  return answer.resData.accessToken;
}
const isLive = async (token: string) => (await call(h, "lastLogin", { token })).status === 200;

describe("session lifetime", () => {
  it("ends after 30 minutes without a request", async () => {
    const token = await signIn();
    h.clock.advance(29 * 60);
    expect(await isLive(token)).toBe(true);
    h.clock.advance(29 * 60);
    expect(await isLive(token)).toBe(true);
    h.clock.advance(30 * 60 + 1);
    expect(await isLive(token)).toBe(false);
  });

  it("lasts 12 hours at most, however active", async () => {
    const token = await signIn();
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      h.clock.advance(20 * 60);
      expect(await isLive(token)).toBe(true);
    }
    h.clock.advance(20 * 60 + 1);
    expect(await isLive(token)).toBe(false);
  });

  it("moves last_seen_at at most once a minute", async () => {
    const token = await signIn();
    const seen = async () =>
      (await h.db.selectFrom("sessions").select("last_seen_at").executeTakeFirstOrThrow()).last_seen_at.getTime();
    const first = await seen();
    h.clock.advance(30);
    await isLive(token);
    expect(await seen()).toBe(first);
    h.clock.advance(31);
    await isLive(token);
    expect(await seen()).toBeGreaterThan(first);
  });
});
