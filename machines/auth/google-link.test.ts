import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { GoogleLinkRequest } from "../../contracts/schemas/google.ts";
import type { LoginAnswer } from "../../contracts/schemas/two-factor.ts";
import { apiFailure, ended, recordedCall, signedInAnswer } from "../test-support.ts";
import { googleLinkMachine } from "./google-link.ts";
import {
  sameGoogleLinkStep,
  selectGoogleLinkFailure,
  selectGoogleLinkFieldErrors,
  selectGoogleLinkStep,
} from "./google-link-selectors.ts";

const linkTicket = "t".repeat(43);
const loginResult: LoginAnswer = signedInAnswer;

function start(answer: () => Promise<LoginAnswer> = async () => loginResult) {
  const { actor: linkAccount, calls } = recordedCall<GoogleLinkRequest, LoginAnswer>(answer);
  const machine = googleLinkMachine.provide({ actors: { linkAccount } });
  const actor = createActor(machine, { input: { link: { linkTicket, email: "m@example.com" } } }).start();
  return { actor, calls };
}

describe("google link machine", () => {
  it("links with the password and the ticket, and hands the answer over", async () => {
    const { actor, calls } = start();
    expect(selectGoogleLinkStep(actor.getSnapshot())).toEqual({ email: "m@example.com", linkTicket, busy: false });
    actor.send({ type: "google.link", proof: { password: "Merchant7Pass" } });
    expect(selectGoogleLinkStep(actor.getSnapshot()).busy).toBe(true);
    expect((await ended(actor)).output).toEqual({ outcome: "linked", answer: loginResult });
    expect(calls).toEqual([{ linkTicket, password: "Merchant7Pass" }]);
  });

  it("hands a second factor's challenge over as the link's answer (the link proves the first factor only)", async () => {
    const challenge = { secondFactor: "totp", challenge: "ch-link", expiresInSeconds: 300 } as const;
    const { actor, calls } = start(async () => challenge);
    actor.send({ type: "google.link", proof: { code: "123456" } });
    expect((await ended(actor)).output).toEqual({ outcome: "linked", answer: challenge });
    expect(calls).toEqual([{ linkTicket, code: "123456" }]);
  });

  it("refuses a malformed proof without calling the server", () => {
    const { actor, calls } = start();
    actor.send({ type: "google.link", proof: { code: "12" } });
    expect(actor.getSnapshot().value).toBe("proving");
    expect(selectGoogleLinkFieldErrors(actor.getSnapshot())).toHaveProperty("code");
    actor.send({ type: "google.link", proof: { password: "" } });
    expect(selectGoogleLinkFieldErrors(actor.getSnapshot())).toHaveProperty("password");
    expect(calls).toHaveLength(0);
  });

  it("stays on the step after a wrong password, ends expired with a spent ticket, and cancelled on cancel", async () => {
    const answers = [
      apiFailure("2006", "Wrong e-mail or password"),
      apiFailure("2105", "This Google sign-in has expired"),
    ];
    const { actor } = start(() => Promise.reject(answers.shift()));
    actor.send({ type: "google.link", proof: { password: "Wrong7Pass" } });
    await waitFor(actor, (s) => s.matches("proving") && s.context.failure !== null);
    expect(selectGoogleLinkFailure(actor.getSnapshot())).toMatchObject({ errCode: "2006" });
    actor.send({ type: "google.link", proof: { code: "123456" } });
    expect((await ended(actor)).output).toMatchObject({ outcome: "expired", failure: { errCode: "2105" } });
    const cancelled = start().actor;
    cancelled.send({ type: "google.linkCancel" });
    expect(cancelled.getSnapshot().output).toEqual({ outcome: "cancelled" });
  });

  it("compares steps by what the page shows", () => {
    const step = { email: "m@example.com", linkTicket, busy: false };
    expect(sameGoogleLinkStep(step, { ...step })).toBe(true);
    expect(sameGoogleLinkStep(step, { ...step, busy: true })).toBe(false);
  });
});
