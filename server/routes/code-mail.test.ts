import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { retryDueMail } from "../domain/messaging/mail-outbox.ts";
import { call, createHarness, type Harness, lastCode, reset } from "../testing/harness.ts";
import { testServerSecret } from "../testing/seed.ts";

/**
 * Issue 25, finding 10: the outbox kept each live code and its mail in clear (in production too), and a failed SMTP
 * delivery still answered success.
 */
let h: Harness;
let smtpDown = false;
beforeAll(async () => {
  h = await createHarness({ mailDown: () => smtpDown });
});
afterAll(() => h?.close());
beforeEach(async () => {
  smtpDown = false;
  await reset(h);
});

const send = (email: string) => call(h, "sendCode", { body: { email, type: "register" } });
const outbox = () => h.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
const silentLog = { error: () => {}, warn: () => {}, info: () => {} };
/** One run of the outbox's delivery job, as the server schedules it. */
const retry = () => retryDueMail(h.db, h.mailer, testServerSecret, h.clock.now(), silentLog);

describe("code mail at rest and in delivery", () => {
  it("keeps no plain code and no readable body in the outbox outside DEV_OUTBOX", async () => {
    expect((await send("new@example.com")).success).toBe(true);
    const code = lastCode(h, "new@example.com");
    const [row] = await outbox();
    expect(row).toMatchObject({ recipient: "new@example.com", code: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.body).not.toContain(code);
    expect(row?.body).not.toMatch(/verification code/i);
    // Nothing in the row holds the code, in any column.
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("answers 2031 (HTTP 502) when SMTP fails, retries from the outbox, and delivers the same working code", async () => {
    smtpDown = true;
    const answer = await send("late@example.com");
    expect(answer).toMatchObject({ status: 502, success: false, errCode: "2031" });
    expect(answer.errMsg).toContain("could not be sent");
    expect(h.mails).toHaveLength(0);
    expect((await outbox())[0]).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });

    // Not due yet: the pause after a failure.
    expect(await retry()).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
    h.clock.advance(31);
    expect(await retry()).toEqual({ sent: 0, retrying: 1, givenUp: 0 });
    smtpDown = false;
    h.clock.advance(61);
    expect(await retry()).toEqual({ sent: 1, retrying: 0, givenUp: 0 });
    expect((await outbox())[0]?.sent_at).toBeInstanceOf(Date);
    const code = lastCode(h, "late@example.com");
    const registered = await call(h, "register", {
      body: { email: "late@example.com", code, password: "Fresh456x", repeatPassword: "Fresh456x" },
    });
    expect(registered.success).toBe(true);
    // Sent once: nothing is due any more.
    h.clock.advance(600);
    expect(await retry()).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
    expect(h.mails).toHaveLength(1);
  });

  it("gives a code mail up once its code has expired, and blanks it", async () => {
    smtpDown = true;
    expect((await send("lost@example.com")).errCode).toBe("2031");
    h.clock.advance(601);
    expect(await retry()).toEqual({ sent: 0, retrying: 0, givenUp: 1 });
    const [row] = await outbox();
    expect(row?.failed_at).toBeInstanceOf(Date);
    expect(row).toMatchObject({ body: "", code: null, sent_at: null });
    smtpDown = false;
    h.clock.advance(600);
    expect(await retry()).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
    expect(h.mails).toHaveLength(0);
  });
});
