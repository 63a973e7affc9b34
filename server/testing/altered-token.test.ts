import { describe, expect, it } from "vitest";
import { alteredToken } from "./altered-token.ts";

describe("alteredToken", () => {
  it("changes the decoded bytes of the last part, also where the old way changed only padding bits", () => {
    const decoded = (token: string) => Buffer.from(token.split(".").at(-1)!, "base64url").toString("hex");
    // "QBA" and "QBB" decode alike (the last character's low bits are padding): the test this replaces could pass a
    // token that was not altered.
    expect(decoded("v1.x.QBA")).toBe(decoded("v1.x.QBB"));
    for (const token of ["v1.x.QBA", "v1.x.ABA", "v1.iv.tag.Zm9vYmFy", "v1.AAAA"]) {
      expect(decoded(alteredToken(token)), token).not.toBe(decoded(token));
      expect(alteredToken(token).length).toBe(token.length);
    }
  });
});
