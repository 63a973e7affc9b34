import { describe, expect, it } from "vitest";
import { fieldErrorsOf, isServerRefusal, toFailure } from "./api-failure.ts";

describe("failures", () => {
  it("keeps errCode and errMsg of an API error and tells a refusal from no answer", () => {
    const refusal = toFailure(Object.assign(new Error("x"), { errCode: "2006", errMsg: "Wrong e-mail or password" }));
    expect(refusal).toEqual({ errCode: "2006", errMsg: "Wrong e-mail or password" });
    expect(isServerRefusal(refusal)).toBe(true);
    expect(isServerRefusal(toFailure(Object.assign(new Error("down"), { errCode: "network", errMsg: "down" })))).toBe(
      false,
    );
    expect(isServerRefusal(toFailure(new Error("boom")))).toBe(false);
  });

  it("keeps the first message per field", () => {
    const errors = fieldErrorsOf({
      success: false,
      error: {
        issues: [
          { path: ["email"], message: "a" },
          { path: ["email"], message: "b" },
          { path: [], message: "c" },
        ],
      },
    });
    expect(errors).toEqual({ email: "a", form: "c" });
  });
});
