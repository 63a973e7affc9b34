import { type Address, createPublicClient, http } from "viem";
import { erc20Abi } from "./token-abi.ts";

/**
 * Each configured token's decimals and symbol, read from its contract: a mismatch with CHAINS (0 decimals for a
 * 6-decimal USDT would credit 0.000029 USDT as 29) or a contract that does not answer refuses the start, naming the
 * token, before any transfer is priced.
 */
export interface TokensOfChain {
  product: string;
  rpcUrl: string;
  tokens: readonly { symbol: string; address: Address; decimals: number }[];
}

export async function checkTokens(chain: TokensOfChain): Promise<void> {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1 }) });
  for (const token of chain.tokens) {
    const where = `${chain.product} token ${token.address}`;
    let decimals: number;
    let symbol: string;
    try {
      [decimals, symbol] = await Promise.all([
        client.readContract({ address: token.address, abi: erc20Abi, functionName: "decimals" }),
        client.readContract({ address: token.address, abi: erc20Abi, functionName: "symbol" }),
      ]);
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new Error(`${where} does not answer decimals() and symbol() at ${chain.rpcUrl}: ${why}`);
    }
    if (decimals !== token.decimals)
      throw new Error(`${where}: CHAINS says ${token.decimals} decimals, the contract ${decimals}`);
    if (symbol.toUpperCase() !== token.symbol.toUpperCase())
      throw new Error(`${where}: CHAINS says symbol ${token.symbol}, the contract ${symbol}`);
  }
}
