import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { HDKey } from "@scure/bip32";
import { generateMnemonic, mnemonicToSeedSync } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../testing/temp-dirs.ts";
import { devnetXpub, mnemonicSeed, receivingAddressesFromXpub, xpubFromMnemonic } from "./hd-wallet.ts";

// The public test mnemonic of Hardhat and anvil: its m/44'/60'/0'/0/i are the well-known dev accounts.
const testMnemonic = "test test test test test test test test test test test junk";
const tempDir = tempDirs("mc-hd-");

describe("watch-only receiving addresses (BIP-44, m/44'/60'/0'/0/i)", () => {
  it("derive the addresses every wallet derives from the same seed, checksummed", () => {
    const addresses = receivingAddressesFromXpub(xpubFromMnemonic(testMnemonic));
    expect(addresses.receivingAddress(0)).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(addresses.receivingAddress(1)).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(addresses.receivingAddress(9)).toBe("0xa0Ee7A142d267C1f36714E4a8F75612F20a79720");
  });

  it("come from BIP-39's seed of the mnemonic, as every wallet computes it", () => {
    for (const mnemonic of [testMnemonic, generateMnemonic(wordlist, 128), generateMnemonic(wordlist, 256)])
      expect(Buffer.from(mnemonicSeed(mnemonic)).toString("hex")).toBe(
        Buffer.from(mnemonicToSeedSync(mnemonic)).toString("hex"),
      );
  });

  it("need only the account's xpub: no private key is involved", () => {
    const xpub = xpubFromMnemonic(testMnemonic);
    expect(xpub).toMatch(/^xpub/);
    expect(HDKey.fromExtendedKey(xpub).privateKey).toBeNull();
  });

  it("refuse an extended private key, a key of another depth, and garbage", () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(testMnemonic));
    expect(() => receivingAddressesFromXpub(root.derive("m/44'/60'/0'").privateExtendedKey)).toThrow(/private key/);
    expect(() => receivingAddressesFromXpub(root.derive("m/44'/60'/0'/0").publicExtendedKey)).toThrow(
      /depth 3.*depth 4/,
    );
    expect(() => receivingAddressesFromXpub("xpub-nonsense")).toThrow(/not an extended public key/);
  });

  it("refuse indexes outside BIP-32's non-hardened range", () => {
    const addresses = receivingAddressesFromXpub(xpubFromMnemonic(testMnemonic));
    expect(() => addresses.receivingAddress(-1)).toThrow(RangeError);
    expect(() => addresses.receivingAddress(2 ** 31)).toThrow(RangeError);
    expect(() => addresses.receivingAddress(1.5)).toThrow(RangeError);
  });

  it("on the devnet, a seed is made once into the data folder (0600) and kept", () => {
    const dir = tempDir();
    const first = devnetXpub(dir);
    const path = join(dir, "wallet-seed");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim().split(" ")).toHaveLength(12);
    expect(devnetXpub(dir)).toBe(first);
    expect(devnetXpub(tempDir())).not.toBe(first);
  });
});
