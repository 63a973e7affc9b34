import {
  currencyListResult,
  devPayRequest,
  devPayResult,
  myCurrencyListResult,
  myCurrencySetRequest,
  payChainListResult,
} from "../schemas/currencies.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The chains area's calls (`api.currencies.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const currenciesEndpoints = {
  payChains: endpoint({
    area: "currencies",
    call: "list",
    method: "POST",
    path: "/api/Chain/List",
    body: null,
    query: null,
    result: payChainListResult,
    auth: true,
    source: "proposed",
  }),
  devPay: endpoint({
    area: "currencies",
    call: "devPay",
    method: "POST",
    path: "/api/Chain/DevPay",
    body: devPayRequest,
    query: null,
    result: devPayResult,
    auth: true,
    source: "proposed",
  }),
  currencyList: endpoint({
    area: "currencies",
    call: "currencies",
    method: "POST",
    path: "/api/Currency/List",
    body: null,
    query: null,
    result: currencyListResult,
    auth: true,
    source: "proposed",
  }),
  /** My currencies: the token currencies the merchant's applications may accept, each on or off. */
  myCurrencyList: endpoint({
    area: "currencies",
    call: "myCurrencies",
    method: "POST",
    path: "/api/MyCurrency/List",
    body: null,
    query: null,
    result: myCurrencyListResult,
    auth: true,
    source: "proposed",
  }),
  /** Turns one on (within the package's currency limit) or off; answers the list as it is then. */
  myCurrencySet: endpoint({
    area: "currencies",
    call: "setMyCurrency",
    method: "POST",
    path: "/api/MyCurrency/Set",
    body: myCurrencySetRequest,
    query: null,
    result: myCurrencyListResult,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
