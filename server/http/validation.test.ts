import { afterAll, describe, expect, it } from "vitest";
import * as zod from "zod";
import { loginRequest } from "../../contracts/schemas/auth.ts";
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
