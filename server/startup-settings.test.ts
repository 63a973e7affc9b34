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

// server/main.ts reads these before anything else and refuses with the message, exit code 1, having loaded no server
// module and made no data folder: server/main.process.test.ts proves that on one start; each mistake is proven here.
describe("the mistakes a server refuses to start with", () => {
  const refused = (env: NodeJS.ProcessEnv) => {
    try {
      readStartupSettings(env);
    } catch (error) {
      // A StartupRefusal (server/db/data-folder.ts), which refuseToStart prints without a stack.
      expect(error).toMatchObject({ name: "StartupRefusal" });
      return (error as Error).message;
    }
    throw new Error(`started with ${JSON.stringify(env)}`);
  };
  const production = { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" };

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ["production without SMTP_URL", { NODE_ENV: "production" }, /^NODE_ENV=production needs SMTP_URL/],
    ["DEV_OUTBOX=true in production", { ...production, DEV_OUTBOX: "true" }, /^DEV_OUTBOX=true is for test servers/],
    [
      "the test password-hashing cost in production",
      { ...production, PASSWORD_HASH_COST: "test" },
      /^PASSWORD_HASH_COST=test is for test suites/,
    ],
    // Any other spelling of production ran as development (devnet, codes in the log, DevPay).
    [
      "NODE_ENV=Production",
      { NODE_ENV: "Production" },
      /^NODE_ENV=Production is not one of production, development, test/,
    ],
    ["NODE_ENV=prod", { NODE_ENV: "prod" }, /^NODE_ENV=prod is not one of production, development, test/],
    // 64 zero digits were accepted as the key that peppers codes and signs device cookies.
    [
      "SERVER_SECRET of 64 zero digits",
      { SERVER_SECRET: "0".repeat(64) },
      /^SERVER_SECRET looks chosen by hand rather than random.*openssl rand -hex 32/,
    ],
    [
      "SERVER_SECRET of a repeated pattern",
      { SERVER_SECRET: "deadbeef".repeat(8) },
      /^SERVER_SECRET looks chosen by hand rather than random.*openssl rand -hex 32/,
    ],
    // TRUST_PROXY=true believes the left-most X-Forwarded-For entry, which the client writes.
    ["TRUST_PROXY=true in production", { ...production, TRUST_PROXY: "true" }, /^TRUST_PROXY=true trusts every peer/],
    ["a bad chain setting", { CHAINS: '[{"product":"Eth"}]' }, /^CHAINS\[0\]/],
    ["ORDER_PAY_SECONDS outside a test server", { ORDER_PAY_SECONDS: "60" }, /^ORDER_PAY_SECONDS is for test servers/],
    [
      "CALLBACK_RETRY_SCHEDULE outside a test server",
      { CALLBACK_RETRY_SCHEDULE: "1,1,2" },
      /^CALLBACK_RETRY_SCHEDULE is for test servers/,
    ],
    [
      "a CALLBACK_RETRY_SCHEDULE that is not seconds",
      { ...testServer, CALLBACK_RETRY_SCHEDULE: "1,soon" },
      /^CALLBACK_RETRY_SCHEDULE must be/,
    ],
    [
      "COLLECTION_INTERVAL_SECONDS outside a test server",
      { COLLECTION_INTERVAL_SECONDS: "2" },
      /^COLLECTION_INTERVAL_SECONDS is for test servers/,
    ],
    [
      "a COLLECTION_INTERVAL_SECONDS under a second",
      { ...testServer, COLLECTION_INTERVAL_SECONDS: "0.5" },
      /^COLLECTION_INTERVAL_SECONDS must be/,
    ],
  ])("%s", (_mistake, env, message) => {
    expect(refused(env)).toMatch(message);
  });

  it("an unknown PASSWORD_HASH_COST, rather than failing every sign-in later", () => {
    const before = process.env.PASSWORD_HASH_COST;
    process.env.PASSWORD_HASH_COST = "cheap";
    try {
      expect(refused({})).toMatch(/^PASSWORD_HASH_COST must be/);
    } finally {
      if (before === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = before;
    }
  });
});
