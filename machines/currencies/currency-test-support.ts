import type { Currency } from "../../contracts/schemas/currencies.ts";

/**
 * The devnet's coin as the server lists it: measured (2 s), but never credited, it pays the network's fees. One
 * fixture for the machine's tests and its model (model-tests may import a machine's test support, not the other way).
 */
export const devnetEther: Currency = {
  chainName: "Devnet",
  chainUnit: "ETH",
  chainId: 31337,
  status: "active",
  confirmations: 2,
  name: "Devnet Ether",
  symbol: "ETH",
  contractAddress: null,
  type: "main",
  decimals: 18,
  protocol: null,
  arrivalSeconds: 2,
  credited: false,
};
