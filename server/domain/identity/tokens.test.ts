import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerToken, hashToken, newToken } from "./tokens.ts";

describe("tokens", () => {
  it("are 32 random bytes, stored as their sha-256", () => {
    const token = newToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(newToken()).not.toBe(token);
  });

  it("are read from a Bearer header only", () => {
    expect(bearerToken("Bearer abc.DEF-123")).toBe("abc.DEF-123");
    expect(bearerToken("bearer abc")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer ")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
