import { endpoints } from "../../contracts/endpoints.ts";
import type { DevPayRequest } from "../../contracts/schemas/chains.ts";
import type { CreateOrderRequest, OrderCodeRequest, OrderListRequest } from "../../contracts/schemas/order.ts";
import type { Call } from "./client.ts";

/** Packages, orders, the account balance and the chains to pay on. */
export const orderApi = (call: Call) => ({
  packageList: () => call(endpoints.packageList),
  subscription: () => call(endpoints.subscription),
  orderCreate: (body: CreateOrderRequest) => call(endpoints.orderCreate, { body }),
  orderList: (body: OrderListRequest = {}) => call(endpoints.orderList, { body }),
  orderDetail: (body: OrderCodeRequest) => call(endpoints.orderDetail, { body }),
  orderFinishPay: (body: OrderCodeRequest) => call(endpoints.orderFinishPay, { body }),
  orderCancel: (body: OrderCodeRequest) => call(endpoints.orderCancel, { body }),
  orderPayFromBalance: (body: OrderCodeRequest) => call(endpoints.orderPayFromBalance, { body }),
  payChains: () => call(endpoints.payChains),
  devPay: (body: DevPayRequest) => call(endpoints.devPay, { body }),
  balance: () => call(endpoints.balance),
});
