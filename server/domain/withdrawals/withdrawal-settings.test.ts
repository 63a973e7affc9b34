import { describe, expect, it } from "vitest";
import { toAtto } from "../../../contracts/money.ts";
import { withdrawalSettingsFromEnv } from "./withdrawal-settings.ts";

describe("withdrawal settings", () => {
  it("are none off the devnet without TREASURY_PRIVATE_KEY: no withdrawal is offered", () => {
    expect(withdrawalSettingsFromEnv({}, false)).toBeNull();
  });

  it("use anvil's account 1 on the devnet (the devnet's treasury), with the defaults", () => {
    const settings = withdrawalSettingsFromEnv({}, true)!;
    expect(settings.treasury.address).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(settings).toMatchObject({
      fee: toAtto("1"),
      dailyLimit: toAtto("10000"),
      replaceAfterMs: 180_000,
      intervalMs: 10_000,
      addressCooldownSeconds: 86_400,
    });
  });

  it("wait at least an hour before a new destination is usable, except on a test server, which may wait none", () => {
    const cooldown = (env: Record<string, string>) => withdrawalSettingsFromEnv(env, true)!.addressCooldownSeconds;
    expect(cooldown({ WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS: "7200" })).toBe(7200);
    expect(() => cooldown({ WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS: "0" })).toThrow(
      /^WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS must be whole seconds from 3600 to 2592000$/,
    );
    expect(() => cooldown({ WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS: "1.5" })).toThrow(/COOLDOWN/);
    expect(cooldown({ WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS: "0", DEV_OUTBOX: "true" })).toBe(0);
  });

  it("take TREASURY_PRIVATE_KEY and the amounts as given, and refuse what does not parse, naming the variable only", () => {
    const key = `0x${"11".repeat(32)}`;
    const settings = withdrawalSettingsFromEnv({ TREASURY_PRIVATE_KEY: key, WITHDRAWAL_FEE: "0.25" }, false)!;
    expect(settings.fee).toBe(toAtto("0.25"));
    expect(() => withdrawalSettingsFromEnv({ TREASURY_PRIVATE_KEY: "0x1234" }, false)).toThrow(
      /^TREASURY_PRIVATE_KEY must be 0x and 64 hex digits$/,
    );
    expect(() => withdrawalSettingsFromEnv({ WITHDRAWAL_FEE: "1e3" }, true)).toThrow(/WITHDRAWAL_FEE/);
    expect(() => withdrawalSettingsFromEnv({ WITHDRAWAL_INTERVAL_SECONDS: "0" }, true)).toThrow(
      /WITHDRAWAL_INTERVAL_SECONDS/,
    );
  });
});
