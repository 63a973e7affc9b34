import type { Address } from "viem";
import { devClients } from "../../chain/deploy.ts";
import { forwarderFactoryAbi } from "../../chain/deposit-forwarder.ts";
import type { DevnetFacts } from "../../chain/devnet.ts";
import type { CollectedChain } from "./collection-jobs.ts";
import { type GasPayer, gasPayerFromEnv, nodeGasPayer } from "./gas-payer.ts";

/** What collection needs of a configured chain (the chain layer's ConfiguredChain fits). */
export interface CollectableChain {
  chainId: number;
  rpcUrl: string;
  confirmations: number;
  tokens: readonly { address: Address; decimals: number }[];
  depositFactory?: Address;
}

/** The chains with a deposit-forwarder factory, each with clients of its node. */
export function collectedChains(chains: readonly CollectableChain[]): CollectedChain[] {
  return chains.flatMap((chain) => {
    if (!chain.depositFactory) return [];
    return [
      {
        chainId: chain.chainId,
        confirmations: chain.confirmations,
        tokens: chain.tokens,
        depositFactory: chain.depositFactory,
        // A public and a wallet client of the configured node (outbound connections are made in chain/ only).
        clients: devClients(chain.rpcUrl),
      },
    ];
  });
}

/** GAS_PAYER_PRIVATE_KEY when set; else the devnet's dev account (the node signs); else none: collection stays off. */
export function collectionGasPayer(env: NodeJS.ProcessEnv, devnet: DevnetFacts | null): GasPayer | null {
  return gasPayerFromEnv(env) ?? (devnet ? nodeGasPayer(devnet.devAccount) : null);
}

/** Refuses to start when the gas payer is not the factory's operator: every sweep would revert and burn its gas. */
export async function checkGasPayer(chains: readonly CollectedChain[], gasPayer: GasPayer): Promise<void> {
  for (const chain of chains) {
    const operator = await chain.clients.public.readContract({
      address: chain.depositFactory,
      abi: forwarderFactoryAbi,
      functionName: "operator",
    });
    if (operator.toLowerCase() !== gasPayer.account.address.toLowerCase())
      throw new Error(
        `chain ${chain.chainId}: the gas payer ${gasPayer.account.address} is not the deposit factory's operator ${operator}; set GAS_PAYER_PRIVATE_KEY to the operator's key`,
      );
  }
}
