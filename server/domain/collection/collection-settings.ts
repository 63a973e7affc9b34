import { parseAmount } from "../../../contracts/money.ts";

/** Collection's default threshold in USDT: an address is swept once its credited, uncollected deposits pass it. */
export const defaultCollectionThreshold = "100";

/**
 * COLLECTION_THRESHOLD, a decimal USDT string ("100", "0.5"), checked against the decimals of every token it will be
 * applied to; answered as text and turned into each token's base units by `thresholdUnits` (never a JS number).
 */
export function collectionThresholdFromEnv(env: NodeJS.ProcessEnv, decimals: readonly number[] = [6]): string {
  const text = env.COLLECTION_THRESHOLD?.trim() || defaultCollectionThreshold;
  for (const d of decimals) {
    try {
      parseAmount(text, d);
    } catch (error) {
      throw new Error(`COLLECTION_THRESHOLD: ${(error as Error).message}`);
    }
  }
  return text;
}

export const thresholdUnits = (threshold: string, decimals: number): bigint => parseAmount(threshold, decimals);

/**
 * COLLECTION_INTERVAL_SECONDS, a test server's pause between collection runs (whole seconds, 1 to 3600; the default is
 * collection-jobs.ts's 30 s), so a process test sees sweeps sent and settled in seconds. Answered in milliseconds.
 */
export function readCollectionIntervalSeconds(setting: string): number {
  const text = setting.trim();
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < 1 || seconds > 3600)
    throw new Error("COLLECTION_INTERVAL_SECONDS must be whole seconds from 1 to 3600 (e.g. 2)");
  return seconds * 1000;
}
