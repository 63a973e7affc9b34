import { createHash, randomBytes } from "node:crypto";

/** A bearer token: 32 random bytes, base64url. Only its sha-256 is stored. */
export const newToken = (): string => randomBytes(32).toString("base64url");

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
