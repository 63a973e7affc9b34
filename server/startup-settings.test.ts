import { describe, expect, it } from "vitest";
import { testServerLimits } from "./domain/platform/limits.ts";
import { readStartupSettings } from "./startup-settings.ts";

const testServer = { DEV_OUTBOX: "true", PASSWORD_HASH_COST: "test" };

describe("CODE_RESEND_SECONDS", () => {
  it("shortens a test server's wait between one requester's codes, and is refused anywhere else or out of range", () => {
    expect(readStartupSettings({ ...testServer, CODE_RESEND_SECONDS: "5" }).codeResendSeconds).toBe(5);
    expect(readStartupSettings(testServer).codeResendSeconds).toBeUndefined();
    expect(testServerLimits(5).resendAfterSeconds).toBe(5);
    expect(testServerLimits().resendAfterSeconds).toBe(60);
    expect(() => readStartupSettings({ CODE_RESEND_SECONDS: "5" })).toThrow(
      /^CODE_RESEND_SECONDS is for test servers: set DEV_OUTBOX=true, or unset it$/,
    );
    for (const bad of ["0", "61", "1.5", "soon"])
      expect(() => readStartupSettings({ ...testServer, CODE_RESEND_SECONDS: bad }), bad).toThrow(
        /^CODE_RESEND_SECONDS must be a whole number of seconds from 1 to 60$/,
      );
  });
});

describe("LOG_FORMAT", () => {
  it("is read with the other settings, an unknown one refused before the server starts", () => {
    expect(readStartupSettings({ ...testServer, LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(readStartupSettings({ ...testServer, LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(() => readStartupSettings({ ...testServer, LOG_FORMAT: "colour" })).toThrow(
      /^LOG_FORMAT must be json or pretty/,
    );
  });
});
