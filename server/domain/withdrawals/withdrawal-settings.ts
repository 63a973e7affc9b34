import { type HeldKey, heldKey } from "../../chain/signing-key.ts";
import { toAtto } from "../../../contracts/money.ts";

/**
 * The key of anvil's account 1 (m/44'/60'/0'/0/1 of its well-known development mnemonic, "test test … junk"): the
 * devnet's treasury (server/chain/devnet.ts deploys the deposit factory with it), funded at the devnet's start. Public;
 * never a treasury anywhere else. Written out: derived from the mnemonic, it took about 70 ms of every devnet start.
 */
const anvilAccount1Key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

export interface WithdrawalSettings {
  /** The treasury's key: TREASURY_PRIVATE_KEY, or on the devnet anvil's account 1. */
  treasury: HeldKey;
  /** WITHDRAWAL_FEE (USDT, default 1): taken from the balance beside each withdrawal's amount. */
  fee: bigint;
  /** WITHDRAWAL_DAILY_LIMIT (USDT, default 10000): what a merchant's withdrawals may add up to over 24 hours. */
  dailyLimit: bigint;
  /** WITHDRAWAL_REPLACE_AFTER_SECONDS (default 180): a transaction not mined by then is replaced with higher fees. */
  replaceAfterMs: number;
  /** WITHDRAWAL_INTERVAL_SECONDS (default 10): the pause between the sender's runs. */
  intervalMs: number;
  /**
   * WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS (default 86400): how long a destination added to the address book waits
   * before it can receive a withdrawal; at least an hour, except on a test server (DEV_OUTBOX=true), which takes 0.
   */
  addressCooldownSeconds: number;
}

const cooldownOf = (env: NodeJS.ProcessEnv): number => {
  const text = env.WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS?.trim() || "86400";
  const least = env.DEV_OUTBOX === "true" ? 0 : 3600;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < least || seconds > 30 * 86_400)
    throw new Error(`WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS must be whole seconds from ${least} to ${30 * 86_400}`);
  return seconds;
};

const decimalOf = (name: string, text: string): bigint => {
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(text))
    throw new Error(`${name} must be a decimal amount of USDT such as 1 or 0.5`);
  return toAtto(text);
};

const secondsOf = (name: string, text: string, max: number): number => {
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < 1 || seconds > max)
    throw new Error(`${name} must be whole seconds from 1 to ${max}`);
  return seconds * 1000;
};

/**
 * The server's withdrawal settings, or null when it sends none: without TREASURY_PRIVATE_KEY off the devnet, no
 * withdrawal can be asked for (the open API answers 2810), so no balance is held with nothing sending it. The key lives
 * only in this process's memory: an error names the variable, never its value.
 */
export function withdrawalSettingsFromEnv(env: NodeJS.ProcessEnv, devnet: boolean): WithdrawalSettings | null {
  const key = env.TREASURY_PRIVATE_KEY?.trim();
  if (key && !/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error("TREASURY_PRIVATE_KEY must be 0x and 64 hex digits");
  const treasury = key ? heldKey(key as `0x${string}`) : devnet ? heldKey(anvilAccount1Key) : null;
  if (!treasury) return null;
  return {
    treasury,
    fee: decimalOf("WITHDRAWAL_FEE", env.WITHDRAWAL_FEE?.trim() || "1"),
    dailyLimit: decimalOf("WITHDRAWAL_DAILY_LIMIT", env.WITHDRAWAL_DAILY_LIMIT?.trim() || "10000"),
    replaceAfterMs: secondsOf(
      "WITHDRAWAL_REPLACE_AFTER_SECONDS",
      env.WITHDRAWAL_REPLACE_AFTER_SECONDS?.trim() || "180",
      86_400,
    ),
    intervalMs: secondsOf("WITHDRAWAL_INTERVAL_SECONDS", env.WITHDRAWAL_INTERVAL_SECONDS?.trim() || "10", 3600),
    addressCooldownSeconds: cooldownOf(env),
  };
}
