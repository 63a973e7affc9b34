import { walletPageMachine } from "../../machines/wallet/wallet-page.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { emptyWallet, walletWithDestinations } from "./wallet-fixtures.ts";

const { done, failed } = eventBuilders(walletPageMachine);

export const walletPageModel: MachineModel<typeof walletPageMachine> = {
  id: "walletPage",
  machine: walletPageMachine,
  starts: [{ name: "signed in, My wallet", input: undefined }],
  events: (s) => {
    if (s.matches("loading")) {
      const answers: ReturnType<MachineModel<typeof walletPageMachine>["events"]> = [
        done("loadWallet", walletWithDestinations),
        done("loadWallet", emptyWallet),
        failed("loadWallet", failure("5000", "Internal error")),
      ];
      // Money moves while the wallet is asked for: heard once, it is asked for again after this answer.
      return s.context.changedMeanwhile ? answers : [...answers, { type: "wallet.changed" }];
    }
    if (s.matches("failed")) return [{ type: "wallet.retry" }];
    if (s.matches("ready")) return [{ type: "wallet.reload" }, { type: "wallet.changed" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "wallet.retry") return `Press ${english("wallet.retry")}`;
    if (e.type === "wallet.reload") return `Press ${english("wallet.reload")} on the balance`;
    if (e.type === "wallet.changed") return "The wallet's live stream hears a recharge credited to the balance";
    if (e.type === "xstate.done.actor.loadWallet")
      return e.output.book.items.length
        ? `The server answers the wallet: ${e.output.overview.available} USDT available, ${e.output.book.items.length} destinations, one of them usable`
        : "The server answers a wallet with nothing in it and no destination";
    if (e.type === "xstate.error.actor.loadWallet") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    const { data } = s.context;
    if (s.matches("failed")) return `The page reads ${english("wallet.failed")} with ${english("wallet.retry")}`;
    if (!data) return "The page shows a spinner";
    const book = data.book.items.length
      ? `the address book lists ${data.book.items.length} destinations`
      : `the address book reads ${english("wallet.noAddresses")}`;
    const withdraw = data.book.items.some((i) => i.usable)
      ? `${english("wallet.withdraw")} is enabled`
      : `${english("wallet.withdraw")} is disabled, saying ${english("wallet.needDestination")}`;
    const still = s.matches("loading")
      ? `, still shown while it loads again${s.context.changedMeanwhile ? " (and once more after that, for the recharge)" : ""}`
      : "";
    return `The balance, the payment address with its QR code; ${book}; ${withdraw}${still}`;
  },
  excluded: [],
};
