import { createHash } from "node:crypto";
import type { JWTVerifyGetKey } from "jose";
import { hasInvalidCharacters } from "../../../contracts/schemas/fields.ts";

/** How the server checks Google's answers. `null` in Services when no client id is configured. */
export interface GoogleSettings {
  /** The OAuth client id: the audience every ID token must name. */
  clientId: string;
  /** Needed only for the code flow (the server exchanges the popup's code). */
  clientSecret: string | null;
  jwksUrl: string;
  tokenUrl: string;
  /** Milliseconds a call to Google may take. */
  timeoutMs: number;
}

export const googleDefaults = {
  jwksUrl: "https://www.googleapis.com/oauth2/v3/certs",
  tokenUrl: "https://oauth2.googleapis.com/token",
  timeoutMs: 5000,
} as const;

/** Google signs with both spellings of its issuer. */
export const googleIssuers = ["https://accounts.google.com", "accounts.google.com"];

/**
 * GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL. VITE_GOOGLE_CLIENT_ID is GOOGLE_CLIENT_ID's
 * older name, from when the console was built with it: deployments that set it at run time keep Google.
 */
export function googleSettingsFromEnv(env: NodeJS.ProcessEnv): GoogleSettings | null {
  const clientId = (env.GOOGLE_CLIENT_ID || env.VITE_GOOGLE_CLIENT_ID || "").trim();
  if (!clientId) return null;
  return {
    clientId,
    clientSecret: env.GOOGLE_CLIENT_SECRET?.trim() || null,
    jwksUrl: env.GOOGLE_JWKS_URL || googleDefaults.jwksUrl,
    tokenUrl: env.GOOGLE_TOKEN_URL || googleDefaults.tokenUrl,
    timeoutMs: googleDefaults.timeoutMs,
  };
}

export interface GoogleIdentity {
  /** Google's stable account id. */
  subject: string;
  email: string;
  name: string;
  /** The token's `exp`: until then its SHA-256 is kept, so it gives one session only. */
  tokenExpiresAt: Date;
}

/** The `nonce` an ID token must carry for the raw nonce the front end kept: SHA-256, base64url. */
export const nonceHash = (rawNonce: string) => createHash("sha256").update(rawNonce).digest("base64url");

export type GoogleCheck =
  | { ok: true; identity: GoogleIdentity }
  | { ok: false; reason: "invalid" | "unverifiedEmail" | "unreachable"; detail: string };

// One key set per URL: jose caches the keys (10 min) and refetches on an unknown key id.
const keySets = new Map<string, JWTVerifyGetKey>();
// jose (about 30 ms of a start to load) is loaded at the first Google sign-in: a server without Google never needs it.
type Jose = typeof import("jose");
const keySetFor = (settings: GoogleSettings, { createRemoteJWKSet }: Jose) => {
  const key = `${settings.jwksUrl} ${settings.timeoutMs}`;
  let set = keySets.get(key);
  if (!set) {
    set = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: settings.timeoutMs });
    keySets.set(key, set);
  }
  return set;
};

/** Google's keys could not be had, as opposed to a token that fails the checks. */
const unreachable = (error: unknown, { errors }: Jose) =>
  !(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error.code === "ERR_JOSE_GENERIC";

/**
 * Signature against Google's JWKS, issuer, audience, authorised party (`azp`, when present, must be our client id too),
 * expiry (at `now`), the nonce when one is expected (the ID-token flow), and a verified e-mail.
 */
export async function verifyGoogleIdToken(
  settings: GoogleSettings,
  idToken: string,
  now: Date,
  expected: { rawNonce: string | null } = { rawNonce: null },
): Promise<GoogleCheck> {
  const jose = await import("jose");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jose.jwtVerify(idToken, keySetFor(settings, jose), {
      issuer: googleIssuers,
      audience: settings.clientId,
      algorithms: ["RS256"],
      currentDate: now,
      clockTolerance: 30,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: unreachable(error, jose) ? "unreachable" : "invalid", detail };
  }
  // The token was issued to another client that happens to list us among its audiences.
  if (payload.azp !== undefined && payload.azp !== settings.clientId)
    return { ok: false, reason: "invalid", detail: "azp names another client" };
  if (expected.rawNonce !== null && payload.nonce !== nonceHash(expected.rawNonce))
    return { ok: false, reason: "invalid", detail: "nonce missing or not this browser's" };
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  // The request-string rules (contracts/schemas/fields.ts) hold for what Google says too: a NUL answered 500.
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 254 || hasInvalidCharacters(email))
    return { ok: false, reason: "invalid", detail: "no e-mail in the ID token" };
  if (payload.email_verified !== true && payload.email_verified !== "true")
    return { ok: false, reason: "unverifiedEmail", detail: email };
  const name = typeof payload.name === "string" ? payload.name.trim() : "";
  const tokenExpiresAt = new Date(Number(payload.exp) * 1000);
  return { ok: true, identity: { subject: String(payload.sub), email, name, tokenExpiresAt } };
}

export type GoogleExchange =
  | { ok: true; idToken: string }
  | { ok: false; reason: "invalid" | "unreachable"; detail: string };

/**
 * The code flow: trades the popup's authorization code for tokens at Google's token endpoint.
 * `postmessage` is the redirect URI Google's popup code client uses.
 */
export async function exchangeGoogleCode(
  settings: GoogleSettings & { clientSecret: string },
  code: string,
): Promise<GoogleExchange> {
  let response: Response;
  try {
    response = await fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        code,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uri: "postmessage",
        grant_type: "authorization_code",
      }),
      redirect: "error",
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    return { ok: false, reason: "unreachable", detail: error instanceof Error ? error.message : String(error) };
  }
  const body = (await response.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
  // 4xx: Google refused the code (invalid_grant: used, expired or for another client).
  if (response.status >= 400 && response.status < 500)
    return { ok: false, reason: "invalid", detail: String(body?.error ?? response.status) };
  if (!response.ok || !body)
    return { ok: false, reason: "unreachable", detail: `token endpoint answered ${response.status}` };
  if (typeof body.id_token !== "string")
    return { ok: false, reason: "invalid", detail: "no id_token in the token answer (was openid asked for?)" };
  return { ok: true, idToken: body.id_token };
}
