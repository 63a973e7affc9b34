import type { Account, Address, Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** An account a chain's outgoing transactions sign with: a key held here, a node's unlocked account, an external signer. */
export type SigningAccount = Account;

/** A key this process holds (the treasury's): what it signs is stored before it is sent (outgoing.ts). */
export type HeldKey = LocalAccount;

/** The key of a private key's 0x and 64 hex digits, checked by the caller. */
export const heldKey = (privateKey: Hex): HeldKey => privateKeyToAccount(privateKey);

/** An account the node holds the key of and signs for (the devnet's dev account: eth_sendTransaction). */
export const nodeAccount = (address: Address): SigningAccount => ({ address, type: "json-rpc" });
