import type { AddressInfo, Server } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookHeaders } from "../server/domain/callbacks/webhook-signature.ts";
import { newWebhookSecret } from "../server/domain/applications/webhook-secrets.ts";
import { type CallbackEvent, startWebhookReceiver } from "./webhook-receiver.ts";

const secret = newWebhookSecret();
const received: CallbackEvent[] = [];
let failNext = false;
let server: Server;
let url: string;

beforeAll(async () => {
  server = await startWebhookReceiver({
    webhookSecret: secret,
    onEvent: async (event) => {
      if (failNext) {
        failNext = false;
        throw new Error("database down");
      }
      received.push(event);
    },
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const event = (id: string) => ({
  id,
  type: "deposit.credited",
  timestamp: "2026-11-25T20:00:00.000Z",
  data: { billNo: "2026112500000001", amount: "12.34", status: "credited" },
});

/** POSTs the body as the service does: signed over its exact bytes with the secrets given. */
async function deliver(
  body: string,
  { secrets = [secret], at = new Date(), otherId = "", tamper = false, signedId = "" } = {},
) {
  const eventId = signedId || (JSON.parse(body) as { id: string }).id;
  const signed = webhookHeaders({ id: eventId, timestamp: at, body: Buffer.from(body) }, secrets);
  const headers = otherId ? { ...signed, "webhook-id": otherId } : signed;
  const sent = tamper ? body.replace("12.34", "92.34") : body;
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: sent });
}

describe("examples/webhook-receiver.ts, verifying with standardwebhooks", () => {
  it("accepts a callback signed as the service signs it and hands the event over once, however often it comes", async () => {
    const body = JSON.stringify(event("0b7d4c1e-6f7a-4f38-9d0e-1f2a3b4c5d6e"));
    expect((await deliver(body)).status).toBe(200);
    const again = await deliver(body);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe("already handled");
    expect(received).toEqual([JSON.parse(body)]);
  });

  it("accepts either signature of a rotation's grace window (the new secret, and the old one it still carries)", async () => {
    const older = newWebhookSecret();
    const body = JSON.stringify(event("9b0e2d7c-0000-4000-8000-000000000001"));
    expect((await deliver(body, { secrets: [older, secret] })).status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it("refuses a body changed by one character, a stale or future timestamp, another secret, another webhook-id, a body whose id is not the signed one, and no signature", async () => {
    const body = JSON.stringify(event("9b0e2d7c-0000-4000-8000-000000000002"));
    expect((await deliver(body, { tamper: true })).status).toBe(401);
    expect((await deliver(body, { at: new Date(Date.now() - 6 * 60_000) })).status).toBe(401);
    expect((await deliver(body, { at: new Date(Date.now() + 6 * 60_000) })).status).toBe(401);
    expect((await deliver(body, { secrets: [newWebhookSecret()] })).status).toBe(401);
    expect((await deliver(body, { otherId: "9b0e2d7c-0000-4000-8000-000000000003" })).status).toBe(401);
    const signedForAnother = await deliver(body, { signedId: "9b0e2d7c-0000-4000-8000-000000000005" });
    expect(signedForAnother.status).toBe(400);
    const unsigned = await fetch(url, { method: "POST", body });
    expect(unsigned.status).toBe(401);
    expect(received).toEqual([]);
  });

  it("answers 500 when handling fails, so the service sends the event again, and takes it then", async () => {
    const body = JSON.stringify(event("9b0e2d7c-0000-4000-8000-000000000004"));
    failNext = true;
    expect((await deliver(body)).status).toBe(500);
    expect(received).toEqual([]);
    expect((await deliver(body)).status).toBe(200);
    expect(received).toHaveLength(1);
  });
});
