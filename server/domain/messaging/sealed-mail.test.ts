import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { alteredToken } from "../../testing/altered-token.ts";
import { openMailBody, sealMailBody } from "./sealed-mail.ts";

describe("sealed mail bodies", () => {
  it("open only under the server secret and for the recipient they were sealed for", () => {
    const secret = randomBytes(32);
    const text = "Your verification code is 123456.";
    const sealed = sealMailBody(secret, "a@example.com", text);
    expect(sealed).toMatch(/^v1\.[\w.-]+$/);
    expect(sealed).not.toContain("123456");
    // A fresh IV each time: the same mail twice gives two different rows.
    expect(sealMailBody(secret, "a@example.com", text)).not.toBe(sealed);
    expect(openMailBody(secret, "a@example.com", sealed)).toBe(text);
    expect(openMailBody(randomBytes(32), "a@example.com", sealed)).toBeNull();
    expect(openMailBody(secret, "b@example.com", sealed)).toBeNull();
    expect(openMailBody(secret, "a@example.com", alteredToken(sealed))).toBeNull();
    expect(openMailBody(secret, "a@example.com", "")).toBeNull();
  });
});
