import type { Address, PublicClient } from "viem";
import { forwarderFactoryAbi } from "./deposit-forwarder.ts";
import { erc20Abi } from "./token-abi.ts";

/**
 * What the domain reads of a chain's deposit factory and tokens (collection, withdrawals, their reconciles): at the
 * head, or at `blockNumber` when given.
 */
export interface TreasuryReader {
  /** The address the factory sweeps to. */
  treasuryOf(factory: Address, blockNumber?: bigint): Promise<Address>;
  /** The account the factory takes sweeps from (the gas payer). */
  operatorOf(factory: Address): Promise<Address>;
  /** The token's balance of `holder`, in base units. */
  tokenBalance(token: Address, holder: Address, blockNumber?: bigint): Promise<bigint>;
  /** Whether a contract is deployed at the address (a forwarder a sweep has deployed). */
  hasCode(address: Address): Promise<boolean>;
}

export function treasuryReader(client: PublicClient): TreasuryReader {
  return {
    treasuryOf: (factory, blockNumber) =>
      client.readContract({ address: factory, abi: forwarderFactoryAbi, functionName: "treasury", blockNumber }),
    operatorOf: (factory) =>
      client.readContract({ address: factory, abi: forwarderFactoryAbi, functionName: "operator" }),
    tokenBalance: (token, holder, blockNumber) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder], blockNumber }),
    hasCode: async (address) => Boolean(await client.getCode({ address })),
  };
}
