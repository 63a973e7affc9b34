import type { CurrencyListResult } from "../../contracts/schemas/currencies.ts";
import { currencyListMachine } from "../../machines/currencies/currency-list.ts";
import { devnetEther } from "../../machines/currencies/currency-test-support.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(currencyListMachine);

const devnet = { chainName: "Devnet", chainUnit: "ETH", chainId: 31337, status: "active" as const, confirmations: 2 };
type Currency = CurrencyListResult["items"][number];

/** The devnet's test USDT, credited; `arrivalSeconds` as measured (null: not yet). */
export const devnetUsdt = (arrivalSeconds: number | null): Currency => ({
  ...devnet,
  name: "Test Tether USD",
  symbol: "USDT",
  contractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  type: "token",
  decimals: 6,
  protocol: "ERC-20",
  arrivalSeconds,
  credited: true,
});

/**
 * The server's answers: the devnet's coin (measured, but never credited: it pays the fees) and test USDT (credited),
 * then TRON not configured here.
 */
export const someCurrencies: CurrencyListResult = {
  items: [
    devnetEther,
    devnetUsdt(null),
    {
      name: "Tether USD",
      symbol: "USDT",
      contractAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      type: "token",
      decimals: 6,
      protocol: "TRC-20",
      chainName: "TRON",
      chainUnit: "TRX",
      chainId: null,
      status: "notConfigured",
      confirmations: null,
      arrivalSeconds: null,
      credited: false,
    },
  ],
};
export const noCurrencies: CurrencyListResult = { items: [] };

const page = english("currencies.title");

export const currencyListModel: MachineModel<typeof currencyListMachine> = {
  id: "currencyList",
  walks: true,
  machine: currencyListMachine,
  starts: [{ name: "signed in, Currency list", input: undefined }],
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadCurrencies", someCurrencies),
        done("loadCurrencies", noCurrencies),
        failed("loadCurrencies", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "currencies.retry" }];
    if (s.matches("ready")) return [{ type: "currencies.reload" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "currencies.retry") return `Press ${english("currencies.retry")} on ${page}`;
    if (e.type === "currencies.reload") return `Press ${english("currencies.reload")} on ${page}`;
    if (e.type === "xstate.done.actor.loadCurrencies")
      return e.output.items.length
        ? `The server answers ${e.output.items.length} currencies: the devnet's ETH (never credited), its test USDT (credited, its pace unmeasured) and TRON's USDT, not configured here`
        : "The server answers no currency at all";
    if (e.type === "xstate.error.actor.loadCurrencies") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    const count = s.context.currencies.length;
    if (s.matches("loading") && s.context.loaded)
      return count
        ? `${page} still lists the ${count} currencies while it loads again, ${english("currencies.reload")} busy`
        : `${page} still reads ${english("currencies.empty")} while it loads again`;
    if (s.matches("loading")) return `${page} reads ${english("currencies.loading")}`;
    if (s.matches("failed"))
      return `${page} reads ${english("currencies.loadFailed")} with ${english("currencies.retry")}`;
    return count
      ? `${page} lists ${count} currencies: name, type, contract, chain, whether deposits are credited and their arrival time, with how many are credited`
      : `${page} reads ${english("currencies.empty")}`;
  },
  excluded: [],
};
