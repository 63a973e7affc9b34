import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AppCredentials, Application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { apiFailure, settle } from "../test-support.ts";
import { appEditMachine } from "./app-edit.ts";
import { selectAppEditView } from "./app-edit-selectors.ts";

const app: Application = {
  appCode: "20260101000001",
  name: "Shop",
  address: "https://shop.example.com",
  rechargeCallbackUrl: "https://shop.example.com/recharge",
  withdrawCallbackUrl: "https://shop.example.com/withdraw",
  withdrawAutoApproveLimit: null,
  withdrawAnyAddressDailyLimit: null,
  status: "normal",
  remark: "",
  createdAt: "2026-01-01T00:00:00.000Z",
};
const creds: AppCredentials = {
  appCode: app.appCode,
  appKey: "key",
  appSecret: "secret",
  previousSecretValidUntil: null,
  webhookSecret: "whsec_c2VjcmV0",
  previousWebhookSecretValidUntil: null,
};
const fields = {
  name: "Shop 2",
  address: app.address,
  rechargeCallbackUrl: app.rechargeCallbackUrl,
  withdrawCallbackUrl: app.withdrawCallbackUrl,
  withdrawAutoApproveLimit: "",
  remark: "",
};

function start(check: (input: unknown) => Promise<unknown> = async () => ({ valid: true, proof: "p-1" })) {
  const calls = {
    check: [] as unknown[],
    edit: [] as unknown[],
    credentials: [] as unknown[],
    rotate: [] as unknown[],
  };
  const effects = { announce: vi.fn(), changed: vi.fn() };
  let failNext: Error | null = null;
  const maybeFail = () => {
    const f = failNext;
    failNext = null;
    if (f) throw f;
  };
  const machine = appEditMachine.provide({
    actors: {
      checkCode: fromPromise(async ({ input }) => {
        calls.check.push(input);
        return (await check(input)) as never;
      }),
      editApp: fromPromise(async ({ input }) => {
        calls.edit.push(input);
        maybeFail();
        return { ...app, name: input.name ?? app.name };
      }),
      loadCredentials: fromPromise(async ({ input }) => {
        calls.credentials.push(input);
        maybeFail();
        return creds;
      }),
      rotateSecret: fromPromise(async ({ input }) => {
        calls.rotate.push(input);
        return { ...creds, appSecret: "new", previousSecretValidUntil: "2026-01-01T01:00:00.000Z" };
      }),
    },
    actions: {
      announce: (_, { outcome }) => effects.announce(outcome),
      changed: (_, { app: changed }) => effects.changed(changed),
    },
  });
  const actor = createActor(machine, { input: { email: "m@example.com" } }).start();
  return { actor, calls, effects, failWith: (e: Error) => (failNext = e) };
}

describe("appEdit machine", () => {
  it("shows the credentials only after the code is checked, spending the proof", async () => {
    const { actor, calls, effects } = start();
    expect(selectAppEditView(actor.getSnapshot())).toEqual({ kind: "closed" });
    actor.send({ type: "app.open", action: "credentials", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", needsTotp: false, busy: false });
    actor.send({ type: "verify.submit", code: "", totpCode: "" });
    expect(actor.getSnapshot().context.fieldErrors.code).toBeDefined();
    expect(calls.check).toEqual([]);
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    expect(calls.check).toEqual([
      { email: "m@example.com", code: "123456", type: "application", appCode: app.appCode, action: "credentials" },
    ]);
    expect(calls.credentials).toEqual([{ appCode: app.appCode, proof: "p-1" }]);
    expect(effects.announce).toHaveBeenCalledWith("verified");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "credentials", credentials: creds });
    actor.send({ type: "dialog.close" });
    expect(selectAppEditView(actor.getSnapshot())).toEqual({ kind: "closed" });
  });

  it("asks for the authenticator's code after 2303 and sends it with the same e-mail code", async () => {
    const { actor, calls } = start(async (input) => {
      if (!(input as { totpCode?: string }).totpCode) throw apiFailure(errCodes.twoFactorRequired);
      return { valid: true, proof: "p-2" };
    });
    actor.send({ type: "app.open", action: "credentials", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "verify");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", needsTotp: true, failure: null });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    expect(actor.getSnapshot().context.fieldErrors.totpCode).toBe("validation.codeRequired");
    actor.send({ type: "verify.submit", code: "123456", totpCode: "654321" });
    await settle(actor, "credentials");
    expect(calls.check.at(-1)).toMatchObject({ code: "123456", totpCode: "654321" });
  });

  it("keeps a wrong code's refusal and lets the merchant try again", async () => {
    const { actor } = start(async () => {
      throw apiFailure(errCodes.codeWrong);
    });
    actor.send({ type: "app.open", action: "edit", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "verify");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({
      kind: "verify",
      failure: { errCode: errCodes.codeWrong },
      refusableFields: ["code"],
    });
  });

  it("lets a wrong authenticator's code mark the authenticator's field, not the e-mail code's", async () => {
    const { actor } = start(async (input) => {
      if (!(input as { totpCode?: string }).totpCode) throw apiFailure(errCodes.twoFactorRequired);
      throw apiFailure(errCodes.twoFactorCodeWrong);
    });
    actor.send({ type: "app.open", action: "edit", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "verify");
    actor.send({ type: "verify.submit", code: "123456", totpCode: "654321" });
    await settle(actor, "verify");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({
      kind: "verify",
      failure: { errCode: errCodes.twoFactorCodeWrong },
      refusableFields: ["code", "totpCode"],
    });
  });

  it("edits with the proof, hands the saved application on and closes", async () => {
    const { actor, calls, effects } = start();
    actor.send({ type: "app.open", action: "edit", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "editing");
    actor.send({ type: "edit.submit", ...fields, address: "ftp://x" });
    expect(actor.getSnapshot().context.fieldErrors.address).toBe("validation.httpUrl");
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "closed");
    expect(calls.edit).toEqual([{ appCode: app.appCode, proof: "p-1", ...fields }]);
    expect(effects.changed).toHaveBeenCalledWith({ ...app, name: "Shop 2" });
    expect(effects.announce).toHaveBeenLastCalledWith("saved");
  });

  it("goes back to the code when the proof is refused as spent", async () => {
    const { actor, failWith } = start();
    actor.send({ type: "app.open", action: "edit", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "editing");
    failWith(apiFailure(errCodes.appProofExpired));
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "verify");
    expect(actor.getSnapshot().context.proof).toBeNull();
  });

  it("stays on the form when the save fails otherwise", async () => {
    const { actor, failWith } = start();
    actor.send({ type: "app.open", action: "edit", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "editing");
    failWith(apiFailure("network"));
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "editing");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "edit", failure: { errCode: "network" } });
  });

  it("rotates with the grace window chosen and shows when the old secret stops", async () => {
    const { actor, calls, effects } = start();
    actor.send({ type: "app.open", action: "rotate", app });
    actor.send({ type: "rotate.grace", graceWindow: "nonsense" as never });
    actor.send({ type: "rotate.grace", graceWindow: "24h" });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ graceWindow: "24h" });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    expect(calls.rotate).toEqual([{ appCode: app.appCode, proof: "p-1", graceWindow: "24h", secret: "appSecret" }]);
    expect(effects.announce).toHaveBeenLastCalledWith("rotated");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({
      kind: "credentials",
      rotated: "appSecret",
      credentials: { previousSecretValidUntil: "2026-01-01T01:00:00.000Z" },
    });
  });

  it("rotates the webhook secret when chosen, and chooses the AppSecret again on the next opening", async () => {
    const { actor, calls } = start();
    actor.send({ type: "app.open", action: "rotate", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({
      rotateSecret: "appSecret",
      secretKinds: ["appSecret", "webhookSecret"],
    });
    actor.send({ type: "rotate.secret", secret: "nonsense" as never });
    actor.send({ type: "rotate.secret", secret: "webhookSecret" });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ rotateSecret: "webhookSecret" });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    expect(calls.rotate).toEqual([{ appCode: app.appCode, proof: "p-1", graceWindow: "1h", secret: "webhookSecret" }]);
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "credentials", rotated: "webhookSecret" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "app.open", action: "rotate", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ rotateSecret: "appSecret" });
  });

  it("treats an answer without a proof as a refusal, and cancels while checking", async () => {
    let answer: (v: unknown) => void = () => {};
    const { actor } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: "app.open", action: "credentials", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", busy: true });
    answer({ valid: false });
    await settle(actor, "verify");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("noProof");
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    actor.send({ type: "dialog.close" });
    expect(selectAppEditView(actor.getSnapshot())).toEqual({ kind: "closed" });
  });
});

describe("appEdit machine: the verified window (issue 37)", () => {
  const windowOpened = async () => ({ valid: true, proof: "p-1", proofExpiresInSeconds: 300, verifiedForSeconds: 600 });
  const otherApp: Application = { ...app, appCode: "20260101000002", name: "Other shop" };

  it("after one verification, views, then edits without the code step; viewing again or rotating asks for a code", async () => {
    const { actor, calls, effects } = start(windowOpened);
    actor.send({ type: "app.open", action: "credentials", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    expect(calls.credentials).toEqual([{ appCode: app.appCode, proof: "p-1" }]);
    actor.send({ type: "dialog.close" });

    // Edit: straight to the form, which saves with no proof.
    actor.send({ type: "app.open", action: "edit", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "edit", fields: { name: app.name } });
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "closed");
    expect(calls.edit).toHaveLength(1);
    expect((calls.edit[0] as { proof?: string }).proof).toBeUndefined();
    expect(effects.announce).toHaveBeenLastCalledWith("saved");

    // Seeing the credentials again, or rotating, asks for a fresh code inside the window.
    actor.send({ type: "app.open", action: "credentials", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", action: "credentials" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "app.open", action: "rotate", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", action: "rotate" });
    actor.send({ type: "rotate.secret", secret: "webhookSecret" });
    actor.send({ type: "rotate.grace", graceWindow: "24h" });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    expect(calls.rotate).toEqual([{ appCode: app.appCode, proof: "p-1", graceWindow: "24h", secret: "webhookSecret" }]);
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "credentials", rotated: "webhookSecret" });
    expect(calls.check).toHaveLength(2);
  });

  it("asks for a code again when the server refuses an edit inside the window as needing one, keeping the edit", async () => {
    const { actor, calls, failWith } = start(windowOpened);
    actor.send({ type: "app.open", action: "edit", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "editing");
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "closed");
    actor.send({ type: "app.open", action: "edit", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "edit" });
    failWith(apiFailure(errCodes.appProofRequired));
    const loosened = { ...fields, withdrawCallbackUrl: "https://elsewhere.example.com/withdraw" };
    actor.send({ type: "edit.submit", ...loosened });
    await settle(actor, "verify");
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "editing");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "edit", fields: loosened });
    actor.send({ type: "edit.submit", ...loosened });
    await settle(actor, "closed");
    expect(calls.edit.at(-1)).toMatchObject({ proof: "p-1", withdrawCallbackUrl: loosened.withdrawCallbackUrl });
  });

  it("asks for the code on another application, and when the check opened no window", async () => {
    const { actor } = start(windowOpened);
    actor.send({ type: "app.open", action: "credentials", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    actor.send({ type: "dialog.close" });
    actor.send({ type: "app.open", action: "credentials", app: otherApp });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", windowMinutes: 10 });

    const withoutWindow = start();
    withoutWindow.actor.send({ type: "app.open", action: "credentials", app });
    withoutWindow.actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(withoutWindow.actor, "credentials");
    withoutWindow.actor.send({ type: "dialog.close" });
    withoutWindow.actor.send({ type: "app.open", action: "edit", app });
    expect(selectAppEditView(withoutWindow.actor.getSnapshot())).toMatchObject({ kind: "verify" });
  });

  it("asks for a code again once the server says the window ended, keeping the edit for after it", async () => {
    const { actor, calls, failWith } = start(windowOpened);
    actor.send({ type: "app.open", action: "credentials", app });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "credentials");
    actor.send({ type: "dialog.close" });

    actor.send({ type: "app.open", action: "edit", app });
    failWith(apiFailure(errCodes.appProofExpired));
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "verify");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({
      kind: "verify",
      action: "edit",
      failure: { errCode: errCodes.appProofExpired },
    });
    expect(actor.getSnapshot().context.verified).toEqual([]);
    actor.send({ type: "verify.submit", code: "654321", totpCode: "" });
    await settle(actor, "editing");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "edit", fields });
    actor.send({ type: "edit.submit", ...fields });
    await settle(actor, "closed");
    expect(calls.edit.at(-1)).toEqual({ appCode: app.appCode, proof: "p-1", ...fields });
    expect(calls.check).toHaveLength(2);

    // The credentials and the rotation never counted on the window: each asks for its code.
    actor.send({ type: "app.open", action: "credentials", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", action: "credentials" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "app.open", action: "rotate", app });
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({ kind: "verify", action: "rotate" });
  });
});

describe("appEdit machine: any-address withdrawals (issue 67)", () => {
  it("starts the form from the application's any-address limit and sends what the merchant typed", async () => {
    const { actor, calls } = start();
    const open = { ...app, withdrawAnyAddressDailyLimit: "25" };
    actor.send({ type: "app.open", action: "edit", app: open });
    actor.send({ type: "verify.submit", code: "123456", totpCode: "" });
    await settle(actor, "editing");
    expect(selectAppEditView(actor.getSnapshot())).toMatchObject({
      kind: "edit",
      fields: { withdrawAnyAddressDailyLimit: "25" },
    });
    actor.send({ type: "edit.submit", ...fields, withdrawAnyAddressDailyLimit: "" });
    await settle(actor, "closed");
    expect(calls.edit.at(-1)).toMatchObject({ proof: "p-1", withdrawAnyAddressDailyLimit: "" });
  });
});
