import { fromPromise } from "xstate";
import { myCurrenciesMachine } from "../../../machines/currencies/my-currencies.ts";
import type { Uses } from "../../app/services.ts";

export const provideMyCurrencies = ({ api }: Uses<never, "currencies">) =>
  myCurrenciesMachine.provide({
    actors: {
      loadMyCurrencies: fromPromise(() => api.currencies.myCurrencies()),
      setMyCurrency: fromPromise(({ input }) => api.currencies.setMyCurrency(input)),
    },
  });
