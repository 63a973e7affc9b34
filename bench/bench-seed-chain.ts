import type { SeedChain } from "../server/testing/list-seed.ts";

/** The devnet chain the list benchmarks seed their bills on: the devnet's first deployments (test USDT, the factory). */
export const benchSeedChain: SeedChain = {
  chainId: 31337,
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  symbol: "USDT",
  decimals: 6,
  factory: "0xa16E02E87b7454126E5E10d957A927A7F5B5d2be",
  confirmations: 2,
};
