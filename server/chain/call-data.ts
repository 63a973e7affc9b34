import { type Address, encodeFunctionData, type Hex } from "viem";
import { forwarderFactoryAbi } from "./deposit-forwarder.ts";
import { erc20Abi } from "./token-abi.ts";

/** The call data of an ERC-20 `transfer` of `units` base units to `to` (a withdrawal). */
export const transferData = (to: Address, units: bigint): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] });

/** The call data of the deposit factory's `sweep` of a deposit address (its salt) for one token. */
export const sweepData = (salt: Hex, token: Address): Hex =>
  encodeFunctionData({ abi: forwarderFactoryAbi, functionName: "sweep", args: [salt, token] });
