import { endpoints } from "../../contracts/endpoints.ts";
import type { DemoCheckoutRequest, DemoOrderRequest } from "../../contracts/schemas/demo.ts";
import type { Call } from "./client.ts";

/** The public checkout demo of /demo01. */
export const demoApi = (call: Call) => ({
  demoCheckout: (body: DemoCheckoutRequest = {}) => call(endpoints.demoCheckout, { body }),
  demoStatus: (body: DemoOrderRequest) => call(endpoints.demoStatus, { body }),
  demoPay: (body: DemoOrderRequest) => call(endpoints.demoPay, { body }),
});
