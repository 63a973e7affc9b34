import type { MyCurrency, MyCurrencyListResult, MyCurrencySetRequest } from "../../contracts/schemas/currencies.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { myCurrenciesMachine } from "../../machines/currencies/my-currencies.ts";
import type { MachineModel, ModelSnapshot } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(myCurrenciesMachine);

const devnet = { decimals: 6, protocol: "ERC-20", chainName: "Devnet", chainId: 31337 };
const usdt: MyCurrency = {
  ...devnet,
  name: "Test Tether USD",
  symbol: "USDT",
  contractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  accepted: true,
  held: false,
  credited: true,
};
const usdc: MyCurrency = {
  ...devnet,
  name: "USD Coin",
  symbol: "USDC",
  contractAddress: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  accepted: false,
  held: false,
  // Listed, and may be turned on, but only USDT is credited.
  credited: false,
};

/** The trial's default: two tokens on the devnet, the first accepted, one allowed. */
export const trialCurrencies: MyCurrencyListResult = {
  items: [usdt, usdc],
  limit: 1,
  acceptedCount: 1,
  defaulted: true,
};
/** No active package (it ran out after USDT was turned on): nothing accepted, USDT held, nothing can be turned on. */
export const noPackageCurrencies: MyCurrencyListResult = {
  items: [{ ...usdt, accepted: false, held: true }, usdc],
  limit: 0,
  acceptedCount: 0,
  defaulted: false,
};

const limitRefusal = (list: MyCurrencyListResult) =>
  list.limit
    ? failure(
        errCodes.currencyLimitReached,
        `Your package (Trial) allows ${list.limit} currency: upgrade it to accept more, or turn one off first`,
      )
    : failure(errCodes.currencyLimitReached, "Choose or renew a package to accept currencies");

/** What the server answers to a switch: the list with it turned, or the refusal past the package's limit. */
function answerTo(list: MyCurrencyListResult, pending: MyCurrencySetRequest) {
  const room = list.limit === null || list.acceptedCount < list.limit;
  if (pending.accepted && !room) return failed("setMyCurrency", limitRefusal(list));
  const items = list.items.map((c) =>
    c.contractAddress === pending.contractAddress ? { ...c, accepted: pending.accepted } : c,
  );
  const acceptedCount = items.filter((c) => c.accepted).length;
  return done("setMyCurrency", { ...list, items, acceptedCount, defaulted: false });
}

const page = english("myCurrencies.title");
type Snapshot = ModelSnapshot<typeof myCurrenciesMachine>;

const switches = (s: Snapshot) =>
  (s.context.list?.items ?? [])
    .map((c) => `${c.symbol} ${c.accepted ? "on" : "off"}${c.held ? ` (${english("myCurrencies.held")})` : ""}`)
    .join(", ");

export const myCurrenciesModel: MachineModel<typeof myCurrenciesMachine> = {
  id: "myCurrencies",
  walks: true,
  machine: myCurrenciesMachine,
  starts: [{ name: "signed in, My currencies", input: undefined }],
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadMyCurrencies", trialCurrencies),
        done("loadMyCurrencies", noPackageCurrencies),
        failed("loadMyCurrencies", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "myCurrencies.retry" }];
    const { list, pending } = s.context;
    if (s.matches({ ready: "saving" }) && list && pending) return [answerTo(list, pending)];
    if (s.matches({ ready: "idle" }) && list) {
      // The first currency accepted is turned off; the first not accepted is turned on.
      const on = list.items.find((c) => c.accepted);
      const off = list.items.find((c) => !c.accepted);
      const toggle = (c: MyCurrency) =>
        ({
          type: "myCurrencies.toggle",
          chainId: c.chainId,
          contractAddress: c.contractAddress,
          accepted: !c.accepted,
        }) as const;
      return [...(on ? [toggle(on)] : []), ...(off ? [toggle(off)] : [])];
    }
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "myCurrencies.retry") return `Press ${english("myCurrencies.retry")} on ${page}`;
    if (e.type === "myCurrencies.toggle") {
      const symbol = [usdt, usdc].find((c) => c.contractAddress === e.contractAddress)?.symbol;
      return `Switch ${english("myCurrencies.accepted")} of ${symbol} on Devnet ${e.accepted ? "on" : "off"}`;
    }
    if (e.type === "xstate.done.actor.loadMyCurrencies")
      return e.output.limit
        ? "The server answers the trial's default: the devnet's USDT accepted, its USDC not, 1 allowed"
        : "The server answers the devnet's USDT and USDC, none accepted: no active package";
    if (e.type === "xstate.done.actor.setMyCurrency")
      return `The server answers the list as it is now: ${e.output.items.map((c) => `${c.symbol} ${c.accepted ? "on" : "off"}`).join(", ")}`;
    if (e.type === "xstate.error.actor.loadMyCurrencies" || e.type === "xstate.error.actor.setMyCurrency")
      return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    const { list, refusal: refused } = s.context;
    if (s.matches("loading") && !list) return `${page} reads ${english("myCurrencies.loading")}`;
    if (s.matches("failed"))
      return `${page} reads ${english("myCurrencies.loadFailed")} with ${english("myCurrencies.retry")}`;
    if (!list) return page;
    const summary = list.limit
      ? `"${list.acceptedCount} of ${list.limit} currency accepted"`
      : english("myCurrencies.noPackage");
    const offer = refused || !list.limit ? `, and ${english("myCurrencies.seePackages")} leading to Packages` : "";
    const told = refused ? `; ${saidOnce(refused)}` : "";
    if (s.matches({ ready: "saving" }))
      return `${page} reads ${summary}; every switch waits while the server turns one (${switches(s)})`;
    return `${page} reads ${summary}${list.defaulted && list.limit ? ` and ${english("myCurrencies.defaulted")}` : ""}; the switches read ${switches(s)}${told}${offer}`;
  },
  excluded: [],
};
