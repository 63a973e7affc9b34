import { walletPageMachine } from "../../machines/wallet/wallet-page.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import {
  coolingDestination,
  emptyWallet,
  walletDestinationCooled,
  walletDestinationWaiting,
} from "./wallet-fixtures.ts";

const { done, failed, ...delays } = eventBuilders(walletPageMachine);
/** The earliest waiting destination's cool-down ends: the page asks for the wallet again. */
export const cooledDownEvent = delays.after("destinationUsable", "walletPage.ready.waiting");

export const walletPageModel: MachineModel<typeof walletPageMachine> = {
  id: "walletPage",
  machine: walletPageMachine,
  starts: [{ name: "signed in, My wallet", input: undefined }],
  events: (s) => {
    if (s.matches("loading")) {
      // Asked again once a destination shown waiting is due (or on Refresh), the server may find its cool-down over.
      const cooled = s.context.data?.book.items.some((i) => !i.usable)
        ? [done("loadWallet", walletDestinationCooled)]
        : [];
      const answers = [
        done("loadWallet", walletDestinationWaiting),
        ...cooled,
        done("loadWallet", emptyWallet),
        failed("loadWallet", failure("5000", "Internal error")),
      ];
      // Money moves while the wallet is asked for: heard once, it is asked for again after this answer.
      return s.context.changedMeanwhile ? answers : [...answers, { type: "wallet.changed" }];
    }
    if (s.matches("failed")) return [{ type: "wallet.retry" }];
    if (s.matches({ ready: "waiting" }))
      return [{ type: "wallet.reload" }, { type: "wallet.changed" }, cooledDownEvent];
    if (s.matches("ready")) return [{ type: "wallet.reload" }, { type: "wallet.changed" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "wallet.retry") return `Press ${english("wallet.retry")}`;
    if (e.type === "wallet.reload") return `Press ${english("wallet.reload")} on the balance`;
    if (e.type === "wallet.changed") return "The wallet's live stream hears a recharge credited to the balance";
    if (e.type === cooledDownEvent.type)
      return `"${coolingDestination.label}"'s cool-down ends (${coolingDestination.usableAt} comes) while the page stays open`;
    if (e.type === "xstate.done.actor.loadWallet") {
      const { items } = e.output.book;
      const usable = items.filter((i) => i.usable).length;
      return items.length
        ? `The server answers the wallet: ${e.output.overview.available} USDT available, ${items.length} destination${items.length > 1 ? "s" : ""}, ${usable === 0 ? "none usable yet" : `${usable} usable`}`
        : "The server answers a wallet with nothing in it and no destination";
    }
    if (e.type === "xstate.error.actor.loadWallet") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    const { data } = s.context;
    if (s.matches("failed")) return `The page reads ${english("wallet.failed")} with ${english("wallet.retry")}`;
    if (!data) return "The page shows a spinner";
    const { items } = data.book;
    const book = items.length
      ? `the address book lists ${items.map((i) => `"${i.label}" (${i.usable ? english("wallet.usable") : `"Usable from" ${i.usableAt}`})`).join(", ")}`
      : `the address book reads ${english("wallet.noAddresses")}`;
    const withdraw = items.some((i) => i.usable)
      ? `${english("wallet.withdraw")} is enabled`
      : `${english("wallet.withdraw")} is disabled, saying ${english(items.length ? "wallet.destinationWaiting" : "wallet.needDestination")}`;
    const still = s.matches("loading")
      ? `, still shown while it loads again${s.context.changedMeanwhile ? " (and once more after that, for the recharge)" : ""}`
      : "";
    const waits = s.matches({ ready: "waiting" }) ? "; it asks for the wallet again when that time comes" : "";
    return `The balance, the payment address with its QR code; ${book}; ${withdraw}${still}${waits}`;
  },
  excluded: [],
};
