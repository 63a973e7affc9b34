import type { PayChain } from "../../contracts/schemas/currencies.ts";
import type { OpenWithdrawal } from "../../contracts/schemas/open-api.ts";
import type { UserWalletResult, WalletWithdrawal, WithdrawalAddress } from "../../contracts/schemas/wallet.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";
import type { WalletData } from "../../machines/wallet/wallet-page.ts";

/** The merchant's wallet as the server answers it in the wallet models: one chain, its USDT, a fee of 1. */
export const devnetChain: PayChain = {
  product: "Devnet",
  chainId: 31337,
  token: { symbol: "USDT", address: `0x${"11".repeat(20)}`, decimals: 6 },
  confirmations: 2,
  devnet: true,
};
export const paymentAddress: UserWalletResult = {
  product: "Devnet",
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  currency: "USDT",
};

export const usableDestination: WithdrawalAddress = {
  id: "7",
  chain: "Devnet",
  address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  label: "Cold wallet",
  createdAt: "2026-01-31T10:00:00.000Z",
  usableAt: "2026-02-01T10:00:00.000Z",
  usable: true,
};
export const coolingDestination: WithdrawalAddress = {
  id: "8",
  chain: "Devnet",
  address: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  label: "Exchange",
  createdAt: "2026-02-01T09:00:00.000Z",
  usableAt: "2026-02-02T09:00:00.000Z",
  usable: false,
};

const overview = {
  available: "25",
  held: "3.5",
  dailyLimit: "10000",
  dailyLeft: "9997.5",
  withdrawalsOffered: true,
  chains: [{ chain: "Devnet", symbol: "USDT", token: devnetChain.token.address, decimals: 6, fee: "1" }],
  cooldownSeconds: 86_400,
  secondFactorOn: false,
};

/** A wallet with a usable destination and one still cooling down: Withdraw is offered. */
export const walletWithDestinations: WalletData = {
  overview,
  book: { items: [coolingDestination, usableDestination], cooldownSeconds: 86_400 },
  payment: paymentAddress,
};
/** The merchant's clock in the wallet models: after `usableDestination`'s cool-down, before `coolingDestination`'s. */
export const walletNow = "2026-02-01T10:05:00.000Z";
/** A wallet whose only destination is still in its cool-down: Withdraw waits for it. */
export const walletDestinationWaiting: WalletData = {
  overview,
  book: { items: [coolingDestination], cooldownSeconds: 86_400 },
  payment: paymentAddress,
};
/** The same wallet as the server answers it once that cool-down is over: Withdraw is offered. */
export const walletDestinationCooled: WalletData = {
  ...walletDestinationWaiting,
  book: { ...walletDestinationWaiting.book, items: [{ ...coolingDestination, usable: true }] },
};
/** The same wallet of a merchant with two-factor on: a withdrawal asks for the authenticator's code too. */
export const walletWithSecondFactor: WalletData = {
  ...walletWithDestinations,
  overview: { ...overview, secondFactorOn: true },
};
/** A new merchant's wallet: nothing in the book, so nothing can be withdrawn yet. */
export const emptyWallet: WalletData = {
  overview: { ...overview, available: "0", held: "0", dailyLeft: "10000" },
  book: { items: [], cooldownSeconds: 86_400 },
  payment: paymentAddress,
};
export const askedWithdrawal: OpenWithdrawal = {
  id: "41",
  chain: "Devnet",
  chainId: 31337,
  token: devnetChain.token.address,
  to: usableDestination.address,
  amount: "5",
  fee: "1",
  status: "requested",
  txHash: null,
  failure: null,
  // Asked, and waiting for the treasury to cover it: the list says so.
  waiting: "treasury",
  createdAt: "2026-02-01T10:05:00.000Z",
};

/** As My wallet lists it: nothing of it mined yet, so nothing counted. */
export const listedAsked: WalletWithdrawal = { ...askedWithdrawal, confirmations: null, requiredConfirmations: null };

/** A withdrawal an application asked above its auto-approve limit: held, waiting for the merchant's approval. */
export const awaitingWithdrawal: WalletWithdrawal = {
  ...listedAsked,
  id: "42",
  amount: "25",
  status: "awaitingApproval",
  waiting: null,
  createdAt: "2026-02-01T10:10:00.000Z",
};

type Asked = Pick<ListContext, "search" | "paging" | "choices">;
/** A withdrawal sent to the chain, mined and counting its confirmations: 1 of the chain's 2. */
export const sentWithdrawal: WalletWithdrawal = {
  ...listedAsked,
  id: "39",
  amount: "7",
  status: "broadcast",
  waiting: null,
  confirmations: 1,
  requiredConfirmations: devnetChain.confirmations,
  createdAt: "2026-02-01T09:30:00.000Z",
};

/** A withdrawal the treasury paid, beside the one still held: all its confirmations counted. */
export const paidWithdrawal: WalletWithdrawal = {
  ...listedAsked,
  id: "40",
  amount: "12.5",
  status: "confirmed",
  txHash: `0x${"ab".repeat(32)}`,
  waiting: null,
  confirmations: devnetChain.confirmations,
  requiredConfirmations: devnetChain.confirmations,
  createdAt: "2026-02-01T09:00:00.000Z",
};

/** My wallet's withdrawals as the server answers them: the held one, the one counting, the paid one; one page. */
export const withdrawalListAnswer = (context: Asked): ListLoad & { items: WalletWithdrawal[] } => ({
  items: [listedAsked, sentWithdrawal, paidWithdrawal],
  ...fakeKeysetPaging(context.paging.page, context.paging.pageSize, 3),
});
