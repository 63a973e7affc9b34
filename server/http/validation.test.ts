import { afterAll, describe, expect, it } from "vitest";
import * as zod from "zod";
import { loginRequest } from "../../contracts/schemas/auth.ts";
import { createInvoiceBody } from "../../contracts/schemas/open-api-invoices.ts";
import { ApiError } from "../domain/platform/outcome.ts";
import { englishText, parseRequest } from "./validation.ts";

// Importing the full "zod" installs its English messages for every schema in the process, the contracts' zod/mini ones
// included (server/chain/config.ts once did; biome.json now refuses that import outside this test).
afterAll(() => {
  zod.config({ localeError: undefined });
});

describe("a 1001 answer's errMsg", () => {
  it("keeps the console's own wording when the full zod has installed its English messages", () => {
    zod.config(zod.locales.en());
    const errMsgOf = (input: unknown) => {
      try {
        parseRequest(loginRequest, input);
      } catch (error) {
        if (error instanceof ApiError && error.code === "1001" && error.status === 400) return error.message;
        throw error;
      }
      throw new Error("expected the body to be refused");
    };
    expect(errMsgOf([])).toBe("The body must be a JSON object");
    expect(errMsgOf(null)).toBe("The body must be a JSON object");
    expect(errMsgOf({ password: "x" })).toMatch(/^email: /);
    expect(errMsgOf({ password: "x" })).not.toContain("expected string");
    // A schema's own message (an i18n key) still wins over the parse's.
    expect(errMsgOf({ email: "not-an-address", password: "x" })).toContain(
      `email: ${englishText("validation.emailFormat")}`,
    );
  });
});

describe("validation messages", () => {
  it("are the en-US text of the key, or the key", () => {
    expect(englishText("validation.emailFormat")).toBe("E-mail format error");
    expect(englishText("validation.nope")).toBe("validation.nope");
    expect(englishText("__proto__.polluted")).toBe("__proto__.polluted");
  });
});

describe("an open-API call's 1001 errMsg", () => {
  const errMsgOf = (input: unknown) => {
    try {
      parseRequest(createInvoiceBody, input);
    } catch (error) {
      if (error instanceof ApiError && error.code === "1001") return error.message;
      throw error;
    }
    throw new Error("expected the body to be refused");
  };
  const invoice = { orderId: "order-1", amount: "1" };

  it("says what an amount must look like, and names the bound a number or list is past", () => {
    for (const amount of ["-1", "1e5", "abc", " 1", ".5"])
      expect(errMsgOf({ ...invoice, amount }), amount).toBe('amount: a decimal string such as "19.99"');
    expect(errMsgOf({ ...invoice, expiresInSeconds: 10 })).toBe("expiresInSeconds: at least 300");
    expect(errMsgOf({ ...invoice, expiresInSeconds: 999_999 })).toBe("expiresInSeconds: at most 604800");
    expect(errMsgOf({ ...invoice, chains: [] })).toBe("chains: at least 1 item");
    expect(errMsgOf({ ...invoice, description: "x".repeat(501) })).toBe(
      "description: This value is too long (at most 500 characters)",
    );
    expect(errMsgOf({ ...invoice, metadata: { "bad key": "v" } })).toBe(
      "metadata.bad key: 1 to 40 letters, digits, _ . or -",
    );
  });
});
