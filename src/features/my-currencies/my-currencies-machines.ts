import { fromPromise } from "xstate";
import { myCurrenciesMachine } from "../../../machines/currencies/my-currencies.ts";
import type { Uses } from "../../app/services.ts";

export const provideMyCurrencies = ({ api }: Uses<never, "chains">) =>
  myCurrenciesMachine.provide({
    actors: {
      loadMyCurrencies: fromPromise(() => api.chains.myCurrencies()),
      setMyCurrency: fromPromise(({ input }) => api.chains.setMyCurrency(input)),
    },
  });
