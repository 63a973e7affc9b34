import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { CodePurpose } from "../../contracts/schemas/fields.ts";
import { openLinkTicket } from "../domain/identity/google-link.ts";
import { seedPaidOrder } from "../testing/seed.ts";
import {
  type Answer,
  call,
  createHarness,
  type Harness,
  lastCode,
  type Merchant,
  reset,
  signedInMerchant,
} from "../testing/harness.ts";

/**
 * Issue 37, "Codes": whatever strangers send, the owner gets a working e-mail code within a minute and it works. Every
 * test has the stranger and the owner on different addresses and devices; budgets and resend waits are per requester
 * (the signed-in merchant, the account's device cookie, else the address), a code voids only its own requester's older
 * ones, any live code of the e-mail and purpose is accepted, and wrong tries burn only the trier's own code.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  // The seconds and minutes below are the server's: real time passing under load must not move them.
  h.clock.freeze();
});

const home = "192.0.2.10";
const stranger = "198.51.100.66";
const otherStranger = "198.51.100.67";
const fresh = "Renewed456x";

const send = (
  email: string,
  type: CodePurpose,
  ip: string,
  { linkTicket, ...extra }: { token?: string; cookie?: string; linkTicket?: string } = {},
) => call(h, "sendCode", { body: { email, type, ...(linkTicket ? { linkTicket } : {}) }, ip, ...extra });
const checkWith = (email: string, type: CodePurpose, code: string, ip: string) =>
  call(h, "checkCode", { body: { email, type, code }, ip });
const resetWith = (email: string, code: string, ip: string, cookie?: string) =>
  call(h, "resetPassword", { body: { email, code, password: fresh, repeatPassword: fresh }, ip, cookie });
/** A code the mailbox never got (for wrong tries). */
const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

const deviceCookieOf = (answer: Answer) => {
  const header = answer.headers["set-cookie"];
  const line = (Array.isArray(header) ? header : [header]).find(
    (c) => typeof c === "string" && /^mc_device=[^;]/.test(c),
  );
  if (!line) throw new Error("no device cookie");
  return String(line).split(";")[0] as string;
};

async function ownerWithApplication(): Promise<Merchant & { appCode: string }> {
  const m = await signedInMerchant(h, "owner@example.com");
  await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
  const added = await call(h, "appAdd", {
    token: m.token,
    body: {
      name: "Shop",
      address: "https://shop.example.com",
      rechargeCallbackUrl: "https://shop.example.com/recharge",
      withdrawCallbackUrl: "https://shop.example.com/withdraw",
      remark: "",
    },
    ip: home,
  });
  expect(added, JSON.stringify(added)).toMatchObject({ success: true });
  return { ...m, appCode: application.parse(added.resData).appCode };
}

/**
 * The stranger asks for every purpose the owner's account has, again and again, until its budget refuses: the signed-in
 * purposes are refused without a session and link codes without the Google link step's ticket, so only
 * sign-in and reset codes go out.
 */
async function strangerSendsEverything(email: string, ip: string) {
  const answers: Answer[] = [];
  for (let round = 0; round < 3; round++) {
    for (const type of ["application", "change-password", "link", "sign-in", "reset"] as const)
      answers.push(await send(email, type, ip));
    h.clock.advance(61);
  }
  return answers;
}

describe("codes asked for by a stranger", () => {
  it("leave the owner a working application, change-password, link and reset code within a minute", async () => {
    const owner = await ownerWithApplication();
    const sent = await strangerSendsEverything(owner.email, stranger);
    expect(sent.filter((a) => a.errCode === errCodes.codeNeedsSession)).toHaveLength(6);
    expect(sent.filter((a) => a.errCode === errCodes.googleLinkExpired)).toHaveLength(3);
    // The stranger had codes mailed, then met its own budget.
    expect(sent.filter((a) => a.success).length).toBeGreaterThanOrEqual(4);
    expect(sent.at(-1)).toMatchObject({ status: 429, errCode: errCodes.rateLimited });
    const started = h.clock.now().getTime();

    // The owner's signed-in console: an application code, checked for the credentials, while a second stranger asks
    // for one more in between.
    expect(await send(owner.email, "application", home, { token: owner.token })).toMatchObject({ success: true });
    const appCode = lastCode(h, owner.email);
    expect((await send(owner.email, "application", otherStranger)).errCode).toBe(errCodes.codeNeedsSession);
    const proof = await call(h, "checkCode", {
      body: { email: owner.email, code: appCode, type: "application", appCode: owner.appCode, action: "credentials" },
      token: owner.token,
      ip: home,
    });
    expect(proof, JSON.stringify(proof)).toMatchObject({ success: true, resData: { valid: true } });
    expect(proof.resData.proof).toEqual(expect.any(String));

    // A new password from the user centre.
    expect(await send(owner.email, "change-password", home, { token: owner.token })).toMatchObject({ success: true });
    const changeCode = lastCode(h, owner.email);
    expect((await send(owner.email, "change-password", otherStranger)).errCode).toBe(errCodes.codeNeedsSession);
    const changed = await call(h, "updatePassword", {
      token: owner.token,
      body: { oldPassword: owner.password, password: "Changed123x", repeatPassword: "Changed123x", code: changeCode },
      ip: home,
    });
    expect(changed, JSON.stringify(changed)).toMatchObject({ success: true });

    // Linking Google with a mailed code, asked with the link step's ticket.
    const linkTicket = await openLinkTicket(
      h.db,
      { merchantId: owner.userId, googleSubject: "g-owner" },
      h.clock.now(),
    );
    expect(await send(owner.email, "link", home, { linkTicket })).toMatchObject({ success: true });
    const linkCode = lastCode(h, owner.email);
    expect((await send(owner.email, "link", otherStranger)).errCode).toBe(errCodes.googleLinkExpired);
    expect(await checkWith(owner.email, "link", linkCode, home)).toMatchObject({ success: true });

    // And the password reset, signed out.
    expect(await send(owner.email, "reset", home)).toMatchObject({ success: true });
    const resetCode = lastCode(h, owner.email);
    expect((await send(owner.email, "reset", otherStranger)).success).toBe(true);
    expect(await resetWith(owner.email, resetCode, home)).toMatchObject({ success: true });
    expect((await call(h, "login", { body: { email: owner.email, password: fresh }, ip: home })).success).toBe(true);

    // All of it at once: no wait was the stranger's to impose.
    expect(h.clock.now().getTime() - started).toBeLessThan(60_000);
  });

  it("do not void the code the owner holds", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    expect((await send(owner.email, "reset", home)).success).toBe(true);
    const mine = lastCode(h, owner.email);
    // Past the resend wait the stranger's new code used to replace the owner's.
    h.clock.advance(61);
    expect((await send(owner.email, "reset", stranger)).success).toBe(true);
    const theirs = lastCode(h, owner.email);
    // Both codes sit in the owner's mailbox, and either proves it.
    expect(await checkWith(owner.email, "reset", mine, home)).toMatchObject({ success: true });
    if (theirs !== mine) expect(await checkWith(owner.email, "reset", theirs, home)).toMatchObject({ success: true });
    expect(await resetWith(owner.email, mine, home)).toMatchObject({ success: true });
    // A reset spends the code, and with it every other reset code of the e-mail.
    expect((await resetWith(owner.email, theirs, home)).errCode).toBe(errCodes.codeExpired);
  });

  it("do not let wrong tries from other addresses burn the owner's code", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    expect((await send(owner.email, "reset", home)).success).toBe(true);
    const mine = lastCode(h, owner.email);
    h.clock.advance(61);
    expect((await send(owner.email, "reset", stranger)).success).toBe(true);
    const wrong = otherThan(mine) === lastCode(h, owner.email) ? "999999" : otherThan(mine);
    // Five wrong tries from five other addresses, and five from the stranger who asked for the newest code.
    for (let i = 0; i < 5; i++)
      expect((await checkWith(owner.email, "reset", wrong, `203.0.113.${i + 1}`)).errCode).toBe(errCodes.codeWrong);
    for (let i = 0; i < 5; i++)
      expect((await resetWith(owner.email, wrong, stranger)).errCode).toBe(errCodes.codeWrong);
    expect(await checkWith(owner.email, "reset", mine, home)).toMatchObject({ success: true });
    expect(await resetWith(owner.email, mine, home)).toMatchObject({ success: true });
  });

  it("burn the owner's code only at the owner's own fifth wrong try", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    expect((await send(owner.email, "reset", home)).success).toBe(true);
    const mine = lastCode(h, owner.email);
    for (let i = 0; i < 5; i++)
      expect((await checkWith(owner.email, "reset", otherThan(mine), home)).errCode).toBe(errCodes.codeWrong);
    expect((await checkWith(owner.email, "reset", mine, home)).errCode).toBe(errCodes.codeExpired);
    // The owner asks again, and the new code works.
    h.clock.advance(61);
    expect((await send(owner.email, "reset", home)).success).toBe(true);
    expect(await resetWith(owner.email, lastCode(h, owner.email), home)).toMatchObject({ success: true });
  });

  it("every 61 s for register do not block a newcomer's sign-up from another device", async () => {
    const newcomer = "newcomer@example.com";
    const newcomerIp = "203.0.113.40";
    for (let i = 0; i < 5; i++) {
      expect((await send(newcomer, "register", stranger)).success, `stranger's send ${i + 1}`).toBe(true);
      h.clock.advance(61);
    }
    // The stranger's sixth within the hour is its own budget's to refuse…
    expect(await send(newcomer, "register", stranger)).toMatchObject({ status: 429, errCode: errCodes.rateLimited });
    // …and the newcomer, a second later, gets a code and signs up with it.
    h.clock.advance(1);
    expect(await send(newcomer, "register", newcomerIp)).toMatchObject({ success: true });
    const code = lastCode(h, newcomer);
    const registered = await call(h, "register", {
      body: { email: newcomer, code, password: "Newcomer123x", repeatPassword: "Newcomer123x" },
      ip: newcomerIp,
    });
    expect(registered, JSON.stringify(registered)).toMatchObject({ success: true });
  });

  it("wait 60 s between sends only for the one who sent", async () => {
    const newcomer = "newcomer@example.com";
    expect((await send(newcomer, "register", stranger)).success).toBe(true);
    h.clock.advance(15);
    expect(await send(newcomer, "register", stranger)).toMatchObject({
      errCode: errCodes.codeTooSoon,
      errMsg: "Please wait 45 seconds before requesting a new code",
    });
    expect((await send(newcomer, "register", "203.0.113.40")).success).toBe(true);
  });
});

describe("mail flooding", () => {
  it("is capped per e-mail and purpose beyond what one address may send, and the owner's known browser and session still get a code", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const cookie = deviceCookieOf(
      await call(h, "login", { body: { email: owner.email, password: owner.password }, ip: home }),
    );
    const mailsBefore = h.mails.length;
    // One address: two purposes at once, the same two a minute later, one more a minute after, and then its own budget
    // refuses.
    for (let round = 0; round < 2; round++) {
      for (const type of ["reset", "sign-in"] as const)
        expect((await send(owner.email, type, stranger)).success).toBe(true);
      h.clock.advance(61);
    }
    expect((await send(owner.email, "sign-in", stranger)).success).toBe(true);
    expect(await send(owner.email, "reset", stranger)).toMatchObject({ status: 429, errCode: errCodes.rateLimited });
    // Eighteen more addresses fill the e-mail's cap of twenty reset codes; the next address is told so.
    for (let i = 0; i < 18; i++)
      expect((await send(owner.email, "reset", `198.51.100.${100 + i}`)).success, `address ${i + 1}`).toBe(true);
    const capped = await send(owner.email, "reset", "198.51.100.200");
    expect(capped).toMatchObject({ status: 429, success: false, errCode: errCodes.codesPerEmailReached });
    // The cap frees one code every three minutes: the first, in under one here.
    expect(capped.errMsg).toMatch(/newest code in its inbox, or try again in \d+ seconds$/);
    expect(h.mails.length - mailsBefore).toBe(23);
    // Another purpose's cap is its own: a sign-in code still goes out from that address.
    expect((await send(owner.email, "sign-in", "198.51.100.200")).success).toBe(true);

    // The owner's signed-in console and the browser that signed in before are not strangers, even on the stranger's
    // address.
    expect(await send(owner.email, "change-password", stranger, { token: owner.token })).toMatchObject({
      success: true,
    });
    expect(await send(owner.email, "reset", stranger, { cookie })).toMatchObject({ success: true });
    expect(await resetWith(owner.email, lastCode(h, owner.email), stranger, cookie)).toMatchObject({ success: true });

    // The cap frees up with time.
    h.clock.advance(3600);
    expect((await send(owner.email, "reset", "198.51.100.200")).success).toBe(true);
  });
});

describe("the owner behind the stranger's address (a shared network)", () => {
  it("gets a reset code through the address's spent buckets with the account's device cookie", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    const shared = "192.0.2.77";
    const cookie = deviceCookieOf(
      await call(h, "login", { body: { email: owner.email, password: owner.password }, ip: shared }),
    );
    // The stranger on the same address fills its budget for the owner's e-mail, then the address's for any e-mail…
    for (let i = 0; i < 6; i++) {
      await send(owner.email, "reset", shared);
      h.clock.advance(61);
    }
    for (let i = 0; i < 30; i++) await send(`someone${i}@example.com`, "register", shared);
    expect((await send(owner.email, "reset", shared)).status).toBe(429);
    // …and the address's code checks.
    for (let i = 0; i < 50; i++) await checkWith(`someone${i}@example.com`, "register", "123456", shared);
    expect((await checkWith(owner.email, "reset", "123456", shared)).status).toBe(429);

    expect(await send(owner.email, "reset", shared, { cookie })).toMatchObject({ success: true });
    const code = lastCode(h, owner.email);
    const done = await resetWith(owner.email, code, shared, cookie);
    expect(done, JSON.stringify(done)).toMatchObject({ success: true });
  });
});
