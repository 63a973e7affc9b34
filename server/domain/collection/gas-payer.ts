import type { Address } from "viem";
import { heldKey, nodeAccount, type SigningAccount } from "../../chain/signing-key.ts";

/**
 * The account that signs the factory's sweeps and pays their gas (the factory's `operator`). Any viem `Account` fits:
 * a node's unlocked account (the devnet's dev account, signed by anvil), a key from the environment, or an external
 * signer (a KMS, an HSM) wrapped with viem's `toAccount({ address, signTransaction, … })`. The collector only ever
 * asks it to sign `DepositForwarderFactory.sweep`, and the factory sends what it sweeps only to its fixed treasury.
 */
export interface GasPayer {
  readonly account: SigningAccount;
}

/** The devnet's dev account: the node holds its key and signs (eth_sendTransaction). */
export function nodeGasPayer(address: Address): GasPayer {
  return { account: nodeAccount(address) };
}

/**
 * GAS_PAYER_PRIVATE_KEY (0x and 64 hex digits), or null when unset. The key lives only in this process's memory: it is
 * never logged (an error names the variable, never its value) and never stored.
 */
export function gasPayerFromEnv(env: NodeJS.ProcessEnv): GasPayer | null {
  const key = env.GAS_PAYER_PRIVATE_KEY?.trim();
  if (!key) return null;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error("GAS_PAYER_PRIVATE_KEY must be 0x and 64 hex digits");
  return { account: heldKey(key as `0x${string}`) };
}
