import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { rememberedUnsealing, seal, unseal, unsealRemembered } from "./secret-box.ts";

describe("secret box (secrets sealed at rest)", () => {
  const secret = randomBytes(32);

  it("seals a secret so it is not readable, and unseals it with the same key and context", () => {
    const sealed = seal(secret, "totp-secret", "100001", "JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(/^v1\./);
    expect(seal(secret, "totp-secret", "100001", "JBSWY3DPEHPK3PXP")).not.toBe(sealed);
    expect(unseal(secret, "totp-secret", "100001", sealed)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses a value altered, moved to another row, sealed for another purpose or under another secret", () => {
    const sealed = seal(secret, "totp-secret", "100001", "JBSWY3DPEHPK3PXP");
    const [v, iv, tag, body] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      unseal(secret, "totp-secret", "100001", [v, iv, tag, flipped.toString("base64url")].join(".")),
    ).toThrow();
    expect(() => unseal(secret, "totp-secret", "100002", sealed)).toThrow();
    expect(() => unseal(secret, "other", "100001", sealed)).toThrow();
    expect(() => unseal(randomBytes(32), "totp-secret", "100001", sealed)).toThrow();
    expect(() => unseal(secret, "totp-secret", "100001", "JBSWY3DPEHPK3PXP")).toThrow();
  });

  it("remembers an unsealed value by its sealed text only: a rotation is seen at once, a bad value never remembered", () => {
    const server = randomBytes(32);
    const first = seal(server, "app-secret", "ak_one", "first");
    expect(unsealRemembered(server, "app-secret", "ak_one", first)).toBe("first");
    expect(unsealRemembered(server, "app-secret", "ak_one", first)).toBe("first");
    // Rotated: the row now holds another sealed text, and the value before it is not answered.
    const second = seal(server, "app-secret", "ak_one", "second");
    expect(unsealRemembered(server, "app-secret", "ak_one", second)).toBe("second");
    // What was remembered under one purpose, context or server secret is not answered for another: each still fails.
    expect(() => unsealRemembered(server, "webhook-secret", "ak_one", first)).toThrow();
    expect(() => unsealRemembered(server, "app-secret", "ak_two", first)).toThrow();
    expect(() => unsealRemembered(randomBytes(32), "app-secret", "ak_one", first)).toThrow();
    const [v, iv, tag, body] = first.split(".") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const altered = [v, iv, tag, flipped.toString("base64url")].join(".");
    expect(() => unsealRemembered(server, "app-secret", "ak_one", altered)).toThrow();
    expect(() => unsealRemembered(server, "app-secret", "ak_one", altered)).toThrow();
  });

  it("remembers a bounded number of values per server secret: past it, the oldest is unsealed again", () => {
    const server = randomBytes(32);
    const counted = vi.fn(unseal);
    const unsealSome = rememberedUnsealing(3, counted);
    const sealed = ["a", "b", "c", "d"].map((plain) => seal(server, "app-secret", "ak_one", plain));
    for (const value of sealed) unsealSome(server, "app-secret", "ak_one", value);
    expect(counted).toHaveBeenCalledTimes(4);
    expect(unsealSome(server, "app-secret", "ak_one", sealed[3] ?? "")).toBe("d");
    expect(counted).toHaveBeenCalledTimes(4);
    expect(unsealSome(server, "app-secret", "ak_one", sealed[0] ?? "")).toBe("a");
    expect(counted).toHaveBeenCalledTimes(5);
  });
});
