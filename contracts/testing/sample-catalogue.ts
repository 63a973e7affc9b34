import type { PayChain } from "../schemas/currencies.ts";
import type { ServicePackage } from "../schemas/packages.ts";
import type { UserWalletResult } from "../schemas/wallet.ts";

/** The basic package as the catalogue answers it (29 USDT, one month), for the console's tests. */
export const sampleBasicPackage: ServicePackage = {
  id: "2",
  code: "basic",
  name: "Basic",
  kind: "standard",
  price: "29",
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: { wallets: 3, currencies: 5, applications: 3 },
};

/** The local devnet and Ethereum, as `Chain/List` answers them. */
export const sampleDevnet: PayChain = {
  product: "Devnet",
  chainId: 31337,
  token: { symbol: "USDT", address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", decimals: 6 },
  confirmations: 6,
  devnet: true,
};
export const sampleEth: PayChain = {
  product: "Eth",
  chainId: 1,
  token: { symbol: "USDT", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
  confirmations: 12,
  devnet: false,
};

/** A merchant's receiving address on a chain, as `GetUserWallet` answers it. */
export const sampleReceivingAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const sampleWallet = (product: string): UserWalletResult => ({
  product,
  address: sampleReceivingAddress,
  currency: "USDT",
});
