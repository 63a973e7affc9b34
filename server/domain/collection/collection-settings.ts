import { parseTokenAmount } from "../../chain/amount.ts";

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
      parseTokenAmount(text, d);
    } catch (error) {
      throw new Error(`COLLECTION_THRESHOLD: ${(error as Error).message}`);
    }
  }
  return text;
}

export const thresholdUnits = (threshold: string, decimals: number): bigint => parseTokenAmount(threshold, decimals);
