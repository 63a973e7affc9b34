import type { DemoChain } from "../../../contracts/schemas/demo.ts";

/** The networks the service collects USDT on; names and standards are product names, never translated. */
export interface SupportedChain {
  chain: DemoChain;
  network: string;
  token: string;
  standard: string;
}

export const supportedChains: readonly SupportedChain[] = [
  { chain: "ETH", network: "Ethereum", token: "USDT", standard: "ERC-20" },
  { chain: "BSC", network: "BNB Chain", token: "USDT", standard: "BEP-20" },
];

export const chainInfo = (chain: DemoChain): SupportedChain =>
  supportedChains.find((c) => c.chain === chain) ?? (supportedChains[0] as SupportedChain);
