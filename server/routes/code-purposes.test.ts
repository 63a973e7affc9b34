import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { CodePurpose } from "../../contracts/schemas/fields.ts";
import {
  type Answer,
  call,
  createHarness,
  type Harness,
  lastCode,
  reset,
  rowCounts,
  signedInMerchant,
} from "../testing/harness.ts";
import { openLinkTicket } from "../domain/identity/google-link.ts";

/**
 * Issue 67, finding 2: strangers cannot keep the owner off a new device. Codes only a signed-in session uses are mailed
 * only to that session; the recovery purposes (sign-in, reset) have budgets no other purpose fills; and a stranger's
 * wrong tries never burn the code the owner naturally uses, the newest in the inbox. Server's default limits; the
 * strangers and the owner's new device are on different addresses, the new device with no cookie.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  h.clock.freeze();
});

const newDevice = "192.0.2.44";
const strangerAt = (i: number) => `198.51.100.${i + 1}`;
const sessionOnly = ["application", "change-password", "withdrawal"] as const;
const fresh = "Renewed456x";

const send = (email: string, type: CodePurpose, ip: string, token?: string, linkTicket?: string) =>
  call(h, "sendCode", {
    body: { email, type, ...(linkTicket ? { linkTicket } : {}) },
    ip,
    ...(token ? { token } : {}),
  });
const linkTicketFor = (merchant: { userId: string; email: string }) =>
  openLinkTicket(h.db, { merchantId: merchant.userId, googleSubject: `google-${merchant.email}` }, h.clock.now());
const login = (body: Record<string, string>, ip: string) => call(h, "login", { body, ip });
const resetWith = (email: string, code: string, ip: string) =>
  call(h, "resetPassword", { body: { email, code, password: fresh, repeatPassword: fresh }, ip });
const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

describe("codes only a signed-in session uses (application, change-password, withdrawal)", () => {
  it("are refused without the e-mail's own session (401/2012): nothing mailed, nothing stored, no slot taken", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const other = await signedInMerchant(h, "other@example.com");
    const before = await rowCounts(h.db);
    for (const type of sessionOnly) {
      for (const token of [undefined, other.token, "not-a-session"]) {
        const answer = await send(owner.email, type, strangerAt(0), token);
        expect(answer, `${type} with ${token ?? "no token"}`).toMatchObject({
          status: 401,
          success: false,
          errCode: errCodes.codeNeedsSession,
        });
        expect(answer.errMsg).toMatch(/sign in/i);
      }
    }
    expect(h.mails).toHaveLength(0);
    expect(await rowCounts(h.db)).toEqual(before);
    // Forty refusals from one address later, the address still has its whole budget for a code it may ask for.
    for (let i = 0; i < 40; i++) await send(owner.email, "withdrawal", strangerAt(0));
    expect(await rowCounts(h.db)).toEqual(before);
    expect(await send(owner.email, "reset", strangerAt(0))).toMatchObject({ success: true });
  });

  it("are mailed to the session's own e-mail and count on the session's budget only", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const other = await signedInMerchant(h, "other@example.com");
    // Another merchant's session cannot have the owner mailed a withdrawal code…
    expect((await send(owner.email, "withdrawal", newDevice, other.token)).errCode).toBe(errCodes.codeNeedsSession);
    // …its own session can, each purpose, even from an address whose budgets are spent.
    for (let i = 0; i < 31; i++) await send(`nobody${i}@example.com`, "reset", strangerAt(1));
    expect((await send(owner.email, "reset", strangerAt(1))).status).toBe(429);
    for (const type of sessionOnly) {
      expect(await send(owner.email, type, strangerAt(1), owner.token), type).toMatchObject({ success: true });
      expect(h.mails.at(-1)?.to).toBe(owner.email);
    }
  });
});

describe("link codes (asked on the sign-in page, before any session)", () => {
  it("are mailed only with a live Google link ticket of the e-mail's account: strangers' asks mail nothing, store nothing", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const other = await signedInMerchant(h, "other@example.com");
    const othersTicket = await linkTicketFor(other);
    const spentTicket = await linkTicketFor(owner);
    await h.db.updateTable("google_link_tickets").set({ used_at: h.clock.now() }).execute();
    const before = await rowCounts(h.db);
    for (const [ticket, why] of [
      [undefined, "no ticket"],
      [othersTicket, "another account's ticket"],
      [spentTicket, "a used ticket"],
      ["x".repeat(43), "a made-up ticket"],
    ] as const) {
      const answer = await send(owner.email, "link", strangerAt(0), undefined, ticket);
      expect(answer, why).toMatchObject({ status: 401, success: false, errCode: errCodes.googleLinkExpired });
    }
    expect(h.mails).toHaveLength(0);
    expect(await rowCounts(h.db)).toEqual(before);

    const ticket = await linkTicketFor(owner);
    h.clock.advance(601);
    expect((await send(owner.email, "link", newDevice, undefined, ticket)).errCode).toBe(errCodes.googleLinkExpired);
    const live = await linkTicketFor(owner);
    expect(await send(owner.email, "link", newDevice, undefined, live)).toMatchObject({ success: true });
    expect(h.mails.at(-1)?.to).toBe(owner.email);
    const linked = await call(h, "googleLink", {
      body: { linkTicket: live, code: lastCode(h, owner.email) },
      ip: newDevice,
    });
    expect(linked, JSON.stringify(linked)).toMatchObject({ success: true });
  });
});

describe("the issue's flood: session-only and recovery asks and wrong passwords from five addresses", () => {
  it("leaves the owner's new device able to get and use a sign-in code and a reset code", async () => {
    const owner = await signedInMerchant(h, "owner@example.com", "Owner123x");
    // Every address asks every purpose, a minute apart, until its own budget refuses.
    const purposes: CodePurpose[] = [...sessionOnly, "link", "sign-in", "reset"];
    for (let round = 0; round < 3; round++)
      for (const type of purposes) {
        for (let i = 0; i < 5; i++) await send(owner.email, type, strangerAt(i));
        h.clock.advance(61);
      }
    // And eighty wrong passwords, sixteen from each address.
    for (let i = 0; i < 80; i++) await login({ email: owner.email, password: `Guess${i}xx` }, strangerAt(i % 5));
    expect(h.mails.some((m) => /withdrawal|application|change your password/.test(m.text))).toBe(false);

    // The owner's new phone: the password alone is refused by the account's bucket, so it asks for a code.
    const first = await login({ email: owner.email, password: owner.password }, newDevice);
    expect(first.errCode).toBe(errCodes.signInNeedsMailCode);
    expect(await send(owner.email, "sign-in", newDevice)).toMatchObject({ success: true });
    const signedIn = await login(
      { email: owner.email, password: owner.password, emailCode: lastCode(h, owner.email) },
      newDevice,
    );
    expect(signedIn, JSON.stringify(signedIn)).toMatchObject({ success: true });

    // And the reset, from the same phone.
    expect(await send(owner.email, "reset", newDevice)).toMatchObject({ success: true });
    expect(await resetWith(owner.email, lastCode(h, owner.email), newDevice)).toMatchObject({ success: true });
    expect((await login({ email: owner.email, password: fresh }, newDevice)).success).toBe(true);
  }, 60_000);

  it("keeps a recovery purpose's budget: strangers filling the reset cap leave the sign-in code", async () => {
    const owner = await signedInMerchant(h, "owner@example.com", "Owner123x");
    let address = 0;
    for (let sent = 0; sent < 20; address++) {
      const answer = await send(owner.email, "reset", strangerAt(address));
      expect(answer.success, `reset from address ${address}: ${answer.errCode}`).toBe(true);
      sent++;
    }
    expect((await send(owner.email, "reset", strangerAt(address))).errCode).toBe(errCodes.codesPerEmailReached);
    expect(await send(owner.email, "sign-in", newDevice)).toMatchObject({ success: true });
    const code = lastCode(h, owner.email);
    const signedIn = await login({ email: owner.email, password: owner.password, emailCode: code }, newDevice);
    expect(signedIn, JSON.stringify(signedIn)).toMatchObject({ success: true });
  });
});

describe("a stranger's wrong tries", () => {
  it("do not stop the owner using the newest code in the inbox, the stranger's own", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    expect(await send(owner.email, "reset", strangerAt(0))).toMatchObject({ success: true });
    const newest = lastCode(h, owner.email);
    // Five wrong tries from the address that asked, and five from each of four others.
    const wrong: Answer[] = [];
    for (let i = 0; i < 5; i++) wrong.push(await resetWith(owner.email, otherThan(newest), strangerAt(0)));
    for (let i = 0; i < 5; i++) wrong.push(await resetWith(owner.email, otherThan(newest), strangerAt(1 + (i % 4))));
    expect(wrong.map((a) => a.errCode)).toEqual(Array(10).fill(errCodes.codeWrong));
    // The owner never asked for a code: the one in the inbox works.
    expect(await resetWith(owner.email, newest, newDevice)).toMatchObject({ success: true });
  });

  it("reach only the trier's own code and the two newest of the e-mail and purpose: a guess is compared with three codes at most", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await send(owner.email, "reset", strangerAt(i))).toMatchObject({ success: true });
      codes.push(lastCode(h, owner.email));
    }
    const [oldest, , newest] = codes as [string, string, string];
    // Not among the two newest: another address's guess is not even compared with it (the right code is wrong there)…
    if (oldest !== codes[1] && oldest !== newest)
      expect((await resetWith(owner.email, oldest, newDevice)).errCode).toBe(errCodes.codeWrong);
    // …while its requester still has it, and anyone has the newest.
    expect(
      await call(h, "checkCode", { body: { email: owner.email, type: "reset", code: oldest }, ip: strangerAt(0) }),
    ).toMatchObject({ success: true });
    expect(await resetWith(owner.email, newest, newDevice)).toMatchObject({ success: true });
  });

  it("still burn the trier's own code at its fifth, and the e-mail's shared try budget bounds everyone else", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    expect(await send(owner.email, "reset", strangerAt(0))).toMatchObject({ success: true });
    const newest = lastCode(h, owner.email);
    for (let i = 0; i < 5; i++)
      expect((await resetWith(owner.email, otherThan(newest), strangerAt(0))).errCode).toBe(errCodes.codeWrong);
    // Its requester has had its five: even the right code is refused to it.
    expect((await resetWith(owner.email, newest, strangerAt(0))).errCode).toBe(errCodes.codeExpired);
    // Addresses holding no code share the e-mail's fifteen tries per 15 minutes, the right code's too.
    for (let i = 0; i < 14; i++)
      expect((await resetWith(owner.email, otherThan(newest), strangerAt(10 + i))).errCode).toBe(errCodes.codeWrong);
    expect((await resetWith(owner.email, newest, newDevice)).status).toBe(429);
    h.clock.advance(60);
    expect(await resetWith(owner.email, newest, newDevice)).toMatchObject({ success: true });
  });
});

describe("a reset while strangers send wrong passwords (PostgreSQL: row locks)", () => {
  it("answers every call, never a 500: clearing the account's buckets cannot deadlock with a sign-in's slots", async () => {
    for (let round = 0; round < 40; round++) {
      const owner = await signedInMerchant(h, `owner${round}@example.com`);
      const phone = `192.0.2.${100 + round}`;
      expect(await send(owner.email, "reset", phone)).toMatchObject({ success: true });
      const code = lastCode(h, owner.email);
      let resetting = true;
      const guesses: Answer[] = [];
      // Five addresses keep guessing, each one sign-in after the other, for as long as the reset runs.
      const guessing = Array.from({ length: 5 }, async (_, i) => {
        for (let n = 0; resetting || n < 2; n++)
          guesses.push(await login({ email: owner.email, password: `Guess${n}xx` }, `203.0.113.${round * 5 + i + 1}`));
      });
      const reset = await resetWith(owner.email, code, phone);
      resetting = false;
      await Promise.all(guessing);
      expect([reset, ...guesses].filter((a) => a.status >= 500).map((a) => a.errMsg)).toEqual([]);
      expect(reset).toMatchObject({ success: true });
    }
  }, 120_000);
});
