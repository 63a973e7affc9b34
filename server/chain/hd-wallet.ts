import { pbkdf2Sync, randomBytes } from "node:crypto";
import { chmodSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { HDKey } from "@scure/bip32";
import { generateMnemonic, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { type Address, bytesToHex } from "viem";
import { publicKeyToAddress } from "viem/accounts";

/** BIP-44 account 0 of Ethereum; WALLET_XPUB is this node's extended public key, receiving address i is …/0/i. */
export const accountPath = "m/44'/60'/0'";
export const devnetSeedFile = "wallet-seed";

export interface ReceivingAddresses {
  /** The account's extended public key (xpub…). */
  readonly xpub: string;
  /** Receiving address i (m/44'/60'/0'/0/i), checksummed. Only public derivation: no private key is involved. */
  receivingAddress(index: number): Address;
}

/** Watch-only receiving addresses from an account-level xpub (depth 3, as wallets export it for m/44'/60'/0'). */
export function receivingAddressesFromXpub(xpub: string): ReceivingAddresses {
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(xpub.trim());
  } catch (error) {
    throw new Error(`WALLET_XPUB is not an extended public key: ${(error as Error).message}`);
  }
  if (account.privateKey)
    throw new Error(
      "WALLET_XPUB holds a private key (xprv…); give the server the xpub only, it never needs a private key",
    );
  if (account.depth !== 3)
    throw new Error(
      `WALLET_XPUB must be the account key of ${accountPath} (depth 3); this one has depth ${account.depth}`,
    );
  const external = account.deriveChild(0);
  return {
    xpub: account.publicExtendedKey,
    receivingAddress(index: number): Address {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
        throw new RangeError(`receiving address index out of range: ${index}`);
      const compressed = external.deriveChild(index).publicKey!;
      return publicKeyToAddress(bytesToHex(secp256k1.Point.fromBytes(compressed).toBytes(false)));
    },
  };
}

/**
 * BIP-39's seed of a mnemonic without passphrase: PBKDF2-HMAC-SHA512 of its NFKD form, salt "mnemonic", 2048 rounds.
 * What @scure/bip39's mnemonicToSeedSync computes, by Node's native PBKDF2 (about 1 ms, against 50 in JavaScript at
 * every server start on the devnet).
 */
export function mnemonicSeed(mnemonic: string): Uint8Array {
  return pbkdf2Sync(mnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
}

/** The xpub of account 0 of a BIP-39 mnemonic. */
export function xpubFromMnemonic(mnemonic: string): string {
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error("not a valid BIP-39 mnemonic");
  const account = HDKey.fromMasterSeed(mnemonicSeed(mnemonic)).derive(accountPath);
  return account.publicExtendedKey;
}

/** Devnet in memory (DATA_DIR=memory): a key that lives as long as the process. */
export function randomXpub(): string {
  return xpubFromMnemonic(generateMnemonic(wordlist, 128));
}

/**
 * Devnet only: the wallet's mnemonic in `<dir>/wallet-seed` (0600), made at first start, so a developer can import it
 * into a wallet app and spend what the devnet received. The server derives the xpub from it and uses only that.
 */
export function devnetXpub(dir: string): string {
  const path = join(dir, devnetSeedFile);
  let mnemonic: string;
  try {
    mnemonic = readFileSync(path, "utf8").trim();
    if (statSync(path).mode & 0o077) chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mnemonic = createSeedFile(path);
  }
  try {
    return xpubFromMnemonic(mnemonic);
  } catch {
    throw new Error(
      `${path} does not hold a valid BIP-39 mnemonic; restore it, or delete the devnet folder to start afresh`,
    );
  }
}

/** Written aside and linked into place: complete or absent, and an existing file is never replaced. */
function createSeedFile(path: string): string {
  const mnemonic = generateMnemonic(wordlist, 128);
  const draft = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${mnemonic}\n`, { mode: 0o600, flag: "wx", flush: true });
  try {
    linkSync(draft, path);
    return mnemonic;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(path, "utf8").trim();
    throw error;
  } finally {
    unlinkSync(draft);
  }
}
