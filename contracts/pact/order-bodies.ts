import { MatchersV3 } from "@pact-foundation/pact";
import type { OrderStatus } from "../schemas/orders.ts";
import { isoDate } from "./body-matchers.ts";

const { like, regex, integer, eachLike, fromProviderState } = MatchersV3;

/** A decimal string of USDT (contracts/schemas/orders.ts usdtAmount): never a JSON number. */
export const usdt = (example: string) => regex("^\\d{1,20}(\\.\\d{1,18})?$", example);

/** The provider picks order codes and package ids; the pact takes them from the provider state. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
export const stateOrderCode = (example: string) => fromProviderState("${orderCode}", example);
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
export const statePackageId = (example: string) => fromProviderState("${packageId}", example);

const limits = { wallets: integer(3), currencies: integer(5), applications: integer(3) };

/** A package with limits; `unlimited` gives the enterprise pack's shape, whose limits are null (unlimited). */
export const packageBody = (unlimited = false) => ({
  id: regex("^\\d+$", "2"),
  code: like("basic"),
  name: like("Basic"),
  kind: regex("^(trial|standard|enterprise)$", "standard"),
  price: usdt("29"),
  termUnit: regex("^(day|month|quarter|year)$", "month"),
  termCount: integer(1),
  termMonths: integer(1),
  limits: unlimited ? { wallets: null, currencies: null, applications: null } : limits,
});

/** An order's resData (contracts/schemas/orders.ts `order`). `status` is the outcome the console branches on: pinned. */
export const orderBody = (status: OrderStatus, extra: Record<string, unknown> = {}) => ({
  orderCode: regex("^\\d{8,24}$", "2026112300000001"),
  packageId: regex("^\\d+$", "2"),
  packageCode: like("basic"),
  packageName: like("Basic"),
  termUnit: regex("^(day|month|quarter|year)$", "month"),
  termCount: integer(1),
  termMonths: integer(1),
  limits,
  price: usdt("29"),
  credit: usdt("0"),
  amount: usdt("29"),
  currency: "USDT",
  status,
  upgrade: regex("^(new|extend|replace)$", "new"),
  createdAt: isoDate("2026-11-23T08:00:00.000Z"),
  expiresAt: isoDate("2026-11-23T08:30:00.000Z"),
  paidAt: status === "paid" ? isoDate("2026-11-23T08:10:00.000Z") : null,
  payType: status === "paid" ? regex("^(chain|balance|mixed|free)$", "chain") : null,
  received: usdt(status === "paid" ? "29" : "0"),
  confirming: usdt("0"),
  remaining: usdt(status === "paid" ? "0" : "29"),
  serverTime: isoDate("2026-11-23T08:00:01.000Z"),
  ...extra,
});

export const transferBody = () => ({
  product: like("Devnet"),
  chainId: integer(31337),
  txHash: regex("^0x[0-9a-f]{64}$", `0x${"ab".repeat(32)}`),
  logIndex: integer(0),
  blockNumber: regex("^\\d+$", "120"),
  from: like("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"),
  amount: usdt("29"),
  confirmations: integer(2),
  required: integer(2),
  status: regex("^(seen|confirmed|removed)$", "confirmed"),
  seenAt: isoDate("2026-11-23T08:09:00.000Z"),
});

export const orderDetailBody = (status: OrderStatus, paidByTransfer: boolean) => ({
  ...orderBody(status),
  transfers: paidByTransfer ? eachLike(transferBody()) : [],
  fromBalance: usdt("0"),
  packageExpiresAt: status === "paid" ? isoDate("2026-12-23T08:10:00.000Z") : null,
  toBalance: usdt("0"),
  reversed: usdt("0"),
});

export const payChainBody = () => ({
  product: like("Devnet"),
  chainId: integer(31337),
  token: { symbol: like("USDT"), address: like("0x5FbDB2315678afecb367f032d93F642f64180aa3"), decimals: integer(6) },
  confirmations: integer(2),
  devnet: MatchersV3.boolean(true),
});
