import { knownChains } from "../../../contracts/known-chains.ts";
import type { DemoChain } from "../../../contracts/schemas/demo.ts";

/** The networks the service collects USDT on; names and standards are product names, never translated. */
export interface SupportedChain {
  chain: DemoChain;
  network: string;
  token: string;
  standard: string;
}

/** The known chains the demo offers (contracts/known-chains.ts, the list the server's Currency list names them by). */
export const supportedChains: readonly SupportedChain[] = knownChains.flatMap((c) =>
  c.demo ? [{ chain: c.demo, network: c.chainName, token: "USDT", standard: c.protocol }] : [],
);

export const chainInfo = (chain: DemoChain): SupportedChain =>
  supportedChains.find((c) => c.chain === chain) ?? (supportedChains[0] as SupportedChain);
