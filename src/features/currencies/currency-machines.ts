import { fromPromise } from "xstate";
import { currencyListMachine } from "../../../machines/currencies/currency-list.ts";
import type { Uses } from "../../app/services.ts";

export const provideCurrencyList = ({ api }: Uses<never, "currencies">) =>
  currencyListMachine.provide({
    actors: { loadCurrencies: fromPromise(() => api.currencies.currencies()) },
  });
