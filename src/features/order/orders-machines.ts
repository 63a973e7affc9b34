import { fromPromise } from "xstate";
import { orderListMachine } from "../../../machines/order-list.ts";
import type { Services } from "../../app/services.ts";

/** My orders' machines with their effects bound to the API. */
export const provideOrderList = ({ api }: Services) =>
  orderListMachine.provide({
    actors: {
      loadOrders: fromPromise(({ input }) => api.orderList(input)),
      loadOrderDetail: fromPromise(({ input }) => api.orderDetail(input)),
    },
  });
