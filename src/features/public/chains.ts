import { type KnownChain, knownChains } from "../../../contracts/known-chains.ts";

/** The networks the service collects USDT on; names and standards are product names, never translated. */
export interface SupportedChain {
  chain: NonNullable<KnownChain["landing"]>;
  network: string;
  token: string;
  standard: string;
}

/** The known chains the landing page offers (contracts/known-chains.ts, the list the server's Currency list names them by). */
export const supportedChains: readonly SupportedChain[] = knownChains.flatMap((c) =>
  c.landing ? [{ chain: c.landing, network: c.chainName, token: "USDT", standard: c.protocol }] : [],
);
