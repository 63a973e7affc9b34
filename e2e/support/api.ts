import { randomUUID } from "node:crypto";

export const defaultPassword = "Merchant7Pass";

/** An address no other test or run has used, so tests never share a merchant. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  code: string;
  createdAt: string;
}

/** The dev-only outbox of the reference server, newest first. */
export async function outbox(baseUrl: string, email: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { messages?: OutboxMessage[]; resData?: { messages?: OutboxMessage[] } };
  const messages = body.messages ?? body.resData?.messages;
  if (!Array.isArray(messages))
    throw new Error(`GET /api/dev/outbox answered no messages array: ${JSON.stringify(body)}`);
  return messages;
}

/**
 * Waits for a message beyond the `seen` ones already in the outbox and returns its code.
 * Count first (`(await outbox(...)).length`), then trigger the send, then call this.
 */
export async function nextCode(baseUrl: string, email: string, seen: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await outbox(baseUrl, email);
    const newest = messages[0];
    if (messages.length > seen && newest) {
      if (!/^\d{6}$/.test(newest.code))
        throw new Error(`the outbox holds a code that is not 6 digits: ${JSON.stringify(newest)}`);
      return newest.code;
    }
    if (Date.now() > deadline)
      throw new Error(`no new message for ${email} in the outbox after ${timeoutMs} ms (had ${messages.length})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Envelope {
  success: boolean;
  errCode: string;
  errMsg: string;
  resData: unknown;
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Envelope> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Language: "en-US" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`POST ${path} answered ${response.status} with no JSON: ${text.slice(0, 300)}`);
  }
  if (!envelope.success) throw new Error(`POST ${path} refused: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope;
}

/** Asks the server for a verification code, as "Send code" does, and returns the code from the dev outbox. */
export async function codeViaApi(baseUrl: string, email: string, type: "register" | "reset"): Promise<string> {
  const seen = (await outbox(baseUrl, email)).length;
  await post(baseUrl, "/api/User/SentVerificationCode", { email, type });
  return nextCode(baseUrl, email, seen);
}

/** Registers a merchant through the documented calls, as the register page would. */
export async function registerViaApi(baseUrl: string, email: string, password = defaultPassword): Promise<void> {
  const code = await codeViaApi(baseUrl, email, "register");
  await post(baseUrl, "/api/Register/Register", { email, code, password, repeatPassword: password });
}

/** A call as a signed-in merchant (the token the console keeps in localStorage), answering `resData`. */
export async function callAsMerchant<T>(
  baseUrl: string,
  token: string,
  path: string,
  body: unknown = null,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Language: "en-US", Authorization: `Bearer ${token}` },
    body: body === null ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope;
  if (!envelope.success) throw new Error(`POST ${path} refused: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.resData as T;
}

/** The application's fields its Add dialog asks for; the callback URLs are the only ones a journey varies. */
export interface ApplicationFields {
  name: string;
  rechargeCallbackUrl?: string;
  withdrawCallbackUrl?: string;
}

/**
 * Adds an application for a signed-in merchant and shows its credentials after the e-mail code, as the console's Add
 * and Credentials dialogs do: its code, AppKey, AppSecret and callback signing secret.
 */
export async function applicationWithCredentials(
  baseUrl: string,
  { email, token }: { email: string; token: string },
  fields: ApplicationFields,
) {
  const as = <T>(path: string, body: unknown = null) => callAsMerchant<T>(baseUrl, token, path, body);
  const app = await as<{ appCode: string }>("/api/App/Add", {
    address: "https://shop.example.com",
    rechargeCallbackUrl: "https://shop.example.com/recharge",
    withdrawCallbackUrl: "https://shop.example.com/withdraw",
    remark: "",
    ...fields,
  });
  const seen = (await outbox(baseUrl, email)).length;
  await as("/api/User/SentVerificationCode", { email, type: "application" });
  const code = await nextCode(baseUrl, email, seen);
  const { proof } = await as<{ proof: string }>("/api/Register/CheckCaptchaCode", {
    email,
    code,
    type: "application",
    appCode: app.appCode,
    action: "credentials",
  });
  const credentials = await as<{ appKey: string; appSecret: string; webhookSecret: string }>("/api/App/Credentials", {
    appCode: app.appCode,
    proof,
  });
  return { appCode: app.appCode, ...credentials };
}
