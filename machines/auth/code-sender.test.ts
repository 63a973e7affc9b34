import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { SendCodeRequest } from "../../contracts/schemas/auth.ts";
import { type CodeSenderInput, codeSenderMachine } from "./code-sender.ts";
import { apiFailure, settle } from "../test-support.ts";

function start(
  send: () => Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> = async () => ({
    resendAfterSeconds: 3,
    expiresInSeconds: 600,
  }),
  input: CodeSenderInput = { purpose: "register" },
) {
  const sent: SendCodeRequest[] = [];
  const announced = vi.fn();
  const machine = codeSenderMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        sent.push(input);
        return send();
      }),
      countdown: fromCallback(() => () => {}),
    },
    actions: { announceCodeSent: (_, params) => announced(params) },
  });
  return { actor: createActor(machine, { input }).start(), sent, announced };
}

describe("code sender", () => {
  it("sends a link code with the Google link step's ticket, which the server asks for", async () => {
    const ticket = "T".repeat(43);
    const { actor, sent } = start(undefined, { purpose: "link", linkTicket: ticket });
    actor.send({ type: "code.send", email: "m@example.com" });
    await settle(actor, "cooldown");
    expect(sent).toEqual([{ email: "m@example.com", type: "link", linkTicket: ticket }]);
  });

  it("checks the e-mail before sending", () => {
    const { actor, sent } = start();
    actor.send({ type: "code.send", email: "nope" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: "validation.emailFormat" });
    expect(sent).toHaveLength(0);
  });

  it("sends, counts down from the server's figure, then allows a resend", async () => {
    const { actor, sent, announced } = start();
    actor.send({ type: "code.send", email: "m@example.com" });
    await settle(actor, "cooldown");
    expect(sent).toEqual([{ email: "m@example.com", type: "register" }]);
    expect(announced).toHaveBeenCalledWith({ email: "m@example.com" });
    expect(actor.getSnapshot().context.cooldown).toBe(3);
    expect(actor.getSnapshot().can({ type: "code.send", email: "m@example.com" })).toBe(false);
    actor.send({ type: "countdown.tick" });
    actor.send({ type: "countdown.tick" });
    expect(actor.getSnapshot().context.cooldown).toBe(1);
    actor.send({ type: "countdown.tick" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.sentOnce).toBe(true);
  });

  it("keeps the server's refusal, e.g. an e-mail already registered", async () => {
    const { actor } = start(() => Promise.reject(apiFailure("2001", "E-mail already exists")));
    actor.send({ type: "code.send", email: "m@example.com" });
    await settle(actor, "idle");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2001");
    expect(actor.getSnapshot().context.sentOnce).toBe(false);
  });

  it("counts down the seconds a too-soon refusal (2004) says are left, keeping the refusal to say why", async () => {
    const tooSoon = Object.assign(apiFailure("2004", "Please wait 42 seconds before requesting a new code"), {
      detail: { resendAfterSeconds: 42 },
    });
    const { actor } = start(() => Promise.reject(tooSoon));
    actor.send({ type: "code.send", email: "m@example.com" });
    await settle(actor, "cooldown");
    expect(actor.getSnapshot().context.cooldown).toBe(42);
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2004");
    expect(actor.getSnapshot().can({ type: "code.send", email: "m@example.com" })).toBe(false);
  });

  it("stays idle after a 2004 that says no seconds (an older server)", async () => {
    const { actor } = start(() => Promise.reject(apiFailure("2004", "Please wait")));
    actor.send({ type: "code.send", email: "m@example.com" });
    await settle(actor, "idle");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2004");
  });

  it("offers Send whenever it is idle, so a press with a wrong e-mail shows why; not while sending or counting down", async () => {
    let answer: () => void = () => {};
    const { actor } = start(
      () => new Promise((resolve) => (answer = () => resolve({ resendAfterSeconds: 1, expiresInSeconds: 600 }))),
    );
    expect(actor.getSnapshot().can({ type: "code.send", email: "" })).toBe(true);
    expect(actor.getSnapshot().can({ type: "code.send", email: "nope" })).toBe(true);
    actor.send({ type: "code.send", email: "m@example.com" });
    expect(actor.getSnapshot().can({ type: "code.send", email: "m@example.com" })).toBe(false);
    answer();
    await settle(actor, "cooldown");
    expect(actor.getSnapshot().can({ type: "code.send", email: "m@example.com" })).toBe(false);
    actor.send({ type: "countdown.tick" });
    expect(actor.getSnapshot().can({ type: "code.send", email: "m@example.com" })).toBe(true);
  });
});
