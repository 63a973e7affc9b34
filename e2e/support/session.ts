import type { BrowserContext } from "playwright-core";
import { defaultPassword, registerViaApi, uniqueEmail } from "./api.ts";

/** A signed-in merchant as the browser keeps it: the device cookie and what the console stores (localStorage). */
export interface MerchantSession {
  email: string;
  token: string;
  cookies: Parameters<BrowserContext["addCookies"]>[0];
  items: Record<string, string>;
}

/**
 * A new merchant, registered and signed in through the documented calls (Login/Login, as the sign-in form calls it,
 * its answer stored as src/api/session-storage.ts stores it), for a journey that starts on a signed-in page. The form
 * has journeys of its own (sign-in, hand-off, prerendered-pages); through it, a sign-in cost Chromium about 0.5 CPU-s
 * (/login and the console home loaded and drawn) before the page the journey is about.
 */
export async function merchantSession(
  baseUrl: string,
  tag: string,
  email = uniqueEmail(tag),
): Promise<MerchantSession> {
  await registerViaApi(baseUrl, email);
  const response = await fetch(`${baseUrl}/api/Login/Login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Language: "en-US" },
    body: JSON.stringify({ email, password: defaultPassword }),
  });
  const envelope = (await response.json()) as {
    success: boolean;
    resData: { accessToken: string; userId: string; email: string; language: string; nickName: string; avatar: string };
  };
  if (!envelope.success) throw new Error(`Login/Login refused ${email}: ${JSON.stringify(envelope)}`);
  const { accessToken, userId, language, nickName, avatar } = envelope.resData;
  const cookies = response.headers.getSetCookie().map((header) => {
    const [name = "", ...value] = (header.split(";")[0] ?? "").split("=");
    return { name: name.trim(), value: value.join("="), url: baseUrl };
  });
  const user = { id: userId, email: envelope.resData.email, language, nickName, avatar };
  return { email, token: accessToken, cookies, items: { token: accessToken, UserIdToken: JSON.stringify(user) } };
}

/** The session the sign-in form left in a context (its cookies and the console's two stored items), to give others. */
export async function sessionOf(context: BrowserContext, email: string): Promise<MerchantSession> {
  const state = await context.storageState();
  const stored = new Map(state.origins.flatMap((origin) => origin.localStorage).map((item) => [item.name, item.value]));
  const items = { token: stored.get("token") ?? "", UserIdToken: stored.get("UserIdToken") ?? "" };
  if (!items.token) throw new Error(`no session stored for ${email}`);
  return { email, token: items.token, cookies: state.cookies, items };
}

/**
 * Signs the context in as `session` (and stores `extra`, say the console's settings) from its next page load on, once
 * per tab: a sign-out in the journey stays signed out across loads.
 */
export async function giveSession(
  context: BrowserContext,
  session: MerchantSession,
  extra: Record<string, string> = {},
) {
  if (session.cookies.length > 0) await context.addCookies(session.cookies);
  await context.addInitScript(
    (items) => {
      if (sessionStorage.getItem("e2e-session-given")) return;
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      sessionStorage.setItem("e2e-session-given", "1");
    },
    { ...session.items, ...extra },
  );
}
