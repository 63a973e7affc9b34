import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import type { GoogleSettings } from "../domain/identity/google-identity.ts";

/**
 * A stand-in for Google on a loopback port: its JWKS (`/certs`) and token endpoint (`/token`), with a
 * local RSA key. Tests and the Pact verifier sign ID tokens with it, so the server's real verification
 * path (remote JWKS, signature, issuer, audience, expiry) runs without any outside network.
 */
export interface TestIdentityProvider {
  settings: GoogleSettings;
  /** An ID token signed by the provider's key; claims override the defaults. */
  idToken(claims?: IdTokenClaims, options?: IdTokenSigning): Promise<string>;
  /** An authorization code the token endpoint will exchange (once) for an ID token with these claims. */
  issueCode(code: string, claims?: IdTokenClaims): void;
  /** What the token endpoint received, for assertions. */
  tokenRequests: URLSearchParams[];
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /** From now on the token endpoint and the JWKS answer 302 to `location` (a server that must not be followed). */
  redirectTo(location: string | null): void;
  close(): Promise<void>;
}

export type IdTokenClaims = JWTPayload & { email?: string; email_verified?: boolean | string; name?: string };

/**
 * How a test token is signed: by the provider's key (default) or a stranger's; with another key id; or with an
 * algorithm a verifier must never take: `none` (no signature at all), or HS256 keyed with the provider's public key
 * (the old key-confusion attack on verifiers that let the token's header choose).
 */
export interface IdTokenSigning {
  key?: "provider" | "stranger";
  kid?: string;
  alg?: "RS256" | "none" | "HS256";
}

export const testGoogleClientId = "test-client.apps.googleusercontent.com";
export const testGoogleClientSecret = "test-client-secret";

const kid = "test-key-1";

export async function startTestIdentityProvider(
  options: { clientId?: string; clientSecret?: string | null } = {},
): Promise<TestIdentityProvider> {
  const clientId = options.clientId ?? testGoogleClientId;
  const clientSecret = options.clientSecret === undefined ? testGoogleClientSecret : options.clientSecret;
  const provider = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256");
  const publicJwk = { ...(await exportJWK(provider.publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, IdTokenClaims>();
  const tokenRequests: URLSearchParams[] = [];
  let fetches = 0;
  let redirect: string | null = null;

  const sign = async (claims: IdTokenClaims = {}, signing: IdTokenSigning = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const payload: IdTokenClaims = {
      iss: "https://accounts.google.com",
      aud: clientId,
      sub: "110000000000000000001",
      email: "google.merchant@example.com",
      email_verified: true,
      name: "Google Merchant",
      iat: now,
      exp: now + 3600,
      // As Google's: every token differs, even two with the same claims in the same second.
      jti: randomUUID(),
      ...claims,
    };
    const header = { kid: signing.kid ?? kid, typ: "JWT" };
    if (signing.alg === "none") {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      return `${part({ ...header, alg: "none" })}.${part(payload)}.`;
    }
    if (signing.alg === "HS256")
      return new SignJWT(payload)
        .setProtectedHeader({ ...header, alg: "HS256" })
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    const key: CryptoKey = signing.key === "stranger" ? stranger.privateKey : provider.privateKey;
    return new SignJWT(payload).setProtectedHeader({ ...header, alg: "RS256" }).sign(key);
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => send(response, 500, { error: "server_error" }));
  });
  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (redirect && (request.url === "/certs" || request.url === "/token")) {
      response.writeHead(302, { location: redirect });
      return response.end();
    }
    if (request.method === "GET" && request.url === "/certs") {
      fetches++;
      return send(response, 200, { keys: [publicJwk] });
    }
    if (request.method === "POST" && request.url === "/token") {
      const form = new URLSearchParams(await readBody(request));
      tokenRequests.push(form);
      const claims = codes.get(form.get("code") ?? "");
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
        return send(response, 401, { error: "invalid_client" });
      if (!claims || form.get("grant_type") !== "authorization_code" || form.get("redirect_uri") !== "postmessage")
        return send(response, 400, { error: "invalid_grant" });
      codes.delete(form.get("code") ?? "");
      return send(response, 200, {
        access_token: "ya29.test",
        expires_in: 3599,
        token_type: "Bearer",
        scope: "openid email profile",
        id_token: await sign(claims),
      });
    }
    return send(response, 404, { error: "not_found" });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    settings: { clientId, clientSecret, jwksUrl: `${origin}/certs`, tokenUrl: `${origin}/token`, timeoutMs: 2000 },
    idToken: sign,
    issueCode: (code, claims = {}) => void codes.set(code, claims),
    tokenRequests,
    jwksFetches: () => fetches,
    redirectTo: (location) => {
      redirect = location;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}
