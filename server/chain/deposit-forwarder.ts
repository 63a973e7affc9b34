import { createHmac, hkdfSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Abi, type Address, getAddress, type Hash, type Hex, keccak256, parseAbi } from "viem";
import { create2Address, encodedStringPair } from "./create2-address.ts";
import type { DevClients } from "./deploy.ts";

interface ForwarderArtifact {
  contracts: Record<"DepositForwarderFactory" | "DepositForwarder", { abi: Abi; bytecode: Hex }>;
}

/** chain/deposit-forwarder.json, compiled from chain/deposit-forwarder.sol (npm run chain:compile). */
const artifact = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../chain/deposit-forwarder.json"), "utf8"),
) as ForwarderArtifact;

// Written out (not read from the artifact) so that viem types the calls and events; a test checks each item against
// the compiled ABI.
export const forwarderFactoryAbi = parseAbi([
  "constructor(address treasury_, address operator_)",
  "function treasury() view returns (address)",
  "function operator() view returns (address)",
  "function forwarderAddress(bytes32 salt) view returns (address)",
  "function sweep(bytes32 salt, address token) returns (uint256 amount)",
  "event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount)",
  "error NotOperator()",
  "error ZeroAddress()",
  // A forwarder's refusals reach the factory's caller as they are.
  "error NotFactory()",
  "error TransferFailed(address token)",
]);
export const forwarderAbi = parseAbi([
  "function factory() view returns (address)",
  "function sweep(address token, address to) returns (uint256 amount)",
  "error NotFactory()",
  "error TransferFailed(address token)",
]);
/** The ABIs as compiled, for the test that the ones above agree with them. */
export const compiledForwarderAbis = {
  factory: artifact.contracts.DepositForwarderFactory.abi,
  forwarder: artifact.contracts.DepositForwarder.abi,
};
/**
 * The hash of the creation code the factory deploys at every deposit address: part of each address. Hashed once: the
 * code is kilobytes, and hashing it for every address cost more than the rest of the address (about 0.25 ms a call).
 */
const forwarderCreationHash = keccak256(artifact.contracts.DepositForwarder.bytecode);

const saltKeys = new WeakMap<Buffer, Buffer>();

/**
 * The key deposit salts are made with, derived (HKDF-SHA-256) from the server secret under its own label, once per
 * secret: every invoice and deposit address needs it.
 */
export function depositSaltKey(secret: Buffer): Buffer {
  let key = saltKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "merchant-console:deposit-salt", 32));
    saltKeys.set(secret, key);
  }
  return key;
}

/**
 * The salt of an end user's deposit address in one application: the same pair always gives the same address under one
 * key, and no two pairs share one (the pair is ABI-encoded, so "ab" + "c" and "a" + "bc" differ). Keyed (HMAC-SHA-256
 * with `depositSaltKey`) so that no one outside the server can compute an address before it is issued and pay into it
 * for a later credit; an issued address keeps the salt stored with it.
 */
export function depositSalt(key: Buffer, application: string, endUser: string): Hex {
  return `0x${createHmac("sha256", key).update(encodedStringPair(application, endUser)).digest("hex")}`;
}

/** The deposit address of `salt` under `factory`: computed here, with no call to the chain and no key. */
export function depositAddress(factory: Address, salt: Hex): Address {
  return create2Address(factory, salt, forwarderCreationHash);
}

/**
 * Deploys a factory sweeping into `treasury` on the operator's order; resolves to its address once mined. `mineNow`
 * mines it at once instead of waiting for the next interval block (a devnet's start).
 */
export async function deployForwarderFactory(
  clients: DevClients,
  deployer: Address,
  treasury: Address,
  operator: Address,
  mineNow = false,
): Promise<Address> {
  const hash = await clients.wallet.deployContract({
    abi: forwarderFactoryAbi,
    bytecode: artifact.contracts.DepositForwarderFactory.bytecode,
    args: [treasury, operator],
    account: deployer,
    chain: null,
  });
  if (mineNow) await clients.test.mine({ blocks: 1 });
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress)
    throw new Error(`deploying the deposit forwarder factory failed (${hash})`);
  return getAddress(receipt.contractAddress);
}

/** Sends the factory's sweep of one deposit address's `token` from `operator`; the transaction's hash. */
export function sendSweep(
  clients: DevClients,
  factory: Address,
  operator: Address,
  salt: Hex,
  token: Address,
): Promise<Hash> {
  return clients.wallet.writeContract({
    address: factory,
    abi: forwarderFactoryAbi,
    functionName: "sweep",
    args: [salt, token],
    account: operator,
    chain: null,
  });
}
