import { afterAll, describe, expect, it } from "vitest";
import * as zod from "zod";
import { loginRequest } from "../../contracts/schemas/auth.ts";
import { describeIssues, englishText, ownMessagesOnly } from "./validation.ts";

// server/chain/config.ts (imported by server/main.ts) uses the full "zod", whose import installs its English messages
// for every schema in the process, the contracts' zod/mini ones included.
afterAll(() => {
  zod.config({ localeError: undefined });
});

describe("a 1001 answer's errMsg", () => {
  it("keeps the console's own wording when the full zod has installed its English messages", () => {
    zod.config(zod.locales.en());
    const describe = (input: unknown) => {
      const result = loginRequest.safeParse(input, ownMessagesOnly);
      if (result.success) throw new Error("expected the body to be refused");
      return describeIssues(result.error.issues, input);
    };
    expect(describe([])).toBe("The body must be a JSON object");
    expect(describe(null)).toBe("The body must be a JSON object");
    expect(describe({ password: "x" })).toMatch(/^email: /);
    expect(describe({ password: "x" })).not.toContain("expected string");
    // A schema's own message (an i18n key) still wins over the parse's.
    expect(describe({ email: "not-an-address", password: "x" })).toContain(`email: ${englishText("validation.emailFormat")}`);
  });
});
