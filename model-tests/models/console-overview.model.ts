import type { OverviewRange, OverviewResult } from "../../contracts/schemas/console.ts";
import { consoleOverviewMachine } from "../../machines/console/console-overview.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, noFigures, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(consoleOverviewMachine);

/**
 * Figures with receipts: 40.25 USDT on the balance, 12.5 on chain, 10.5 credited today in 2 deposits, 1 yesterday; one
 * invoice paid today, 30 USDT.
 */
export function someFigures(range: OverviewRange): OverviewResult {
  const zeros = noFigures(range);
  const days = zeros.trend.days.map((d, i, all) =>
    i === all.length - 1
      ? { ...d, amount: "10.5", count: 2 }
      : i === all.length - 2
        ? { ...d, amount: "1", count: 1 }
        : d,
  );
  const invoicesPaid = zeros.trend.invoicesPaid.map((d, i, all) =>
    i === all.length - 1 ? { ...d, amount: "30", count: 1 } : d,
  );
  return {
    ...zeros,
    balance: "40.25",
    mainChain: "12.5",
    today: days.at(-1)!,
    invoicesPaidToday: invoicesPaid.at(-1)!,
    trend: { range, days, invoicesPaid },
  };
}

type E = ModelEvent<typeof consoleOverviewMachine>;
/** The range a merchant switches to: the week and the three months in turn (the month is the unit test's). */
const otherRange = (range: OverviewRange): OverviewRange => (range === "week" ? "quarter" : "week");
const page = english("consoleHome.figures");

export const consoleOverviewModel: MachineModel<typeof consoleOverviewMachine> = {
  id: "consoleOverview",
  machine: consoleOverviewMachine,
  starts: [{ name: "signed in, console home", input: undefined }],
  // One console goes through many loads of the figures: every check reads the cards as they are now.
  walks: true,
  // The screen depends on the states, the range and which answer is shown (receipts or none); not on a stale failure.
  serialize: (s) => JSON.stringify([s.value, s.context.range, s.context.figures?.balance ?? null]),
  events: (s) => {
    const events: E[] = [];
    const range = s.context.range;
    // Bills are told by the live stream: none come once it is lost.
    const live = s.matches({ feed: "live" });
    if (s.matches({ figures: "loading" }))
      events.push(
        done("loadOverview", someFigures(range)),
        done("loadOverview", noFigures(range)),
        failed("loadOverview", failure("5000", "Internal error")),
        ...(live ? [{ type: "overview.bill", status: "credited" } as const] : []),
      );
    if (s.matches({ figures: "ready" }) && live)
      events.push({ type: "overview.bill", status: "credited" }, { type: "overview.bill", status: "confirming" });
    if (s.matches({ figures: "failed" })) events.push({ type: "overview.retry" });
    events.push({ type: "overview.range", range: otherRange(range) });
    if (s.matches({ feed: "live" })) events.push({ type: "overview.feedLost" });
    else events.push({ type: "overview.refresh" });
    return events;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "overview.range":
        return `Press ${english(`consoleHome.ranges.${e.range}`)} on the ${english("consoleHome.trend")} card`;
      case "overview.retry":
        return `Press ${english("consoleHome.retry")} under ${page}`;
      case "overview.refresh":
        return `Press ${english("consoleHome.refresh")} beside ${english("consoleHome.feedLost")}`;
      case "overview.bill":
        return e.status === "credited"
          ? "A deposit to one of the merchant's addresses is credited (the live bills stream tells of it)"
          : "A deposit gains a confirmation on its way (the live bills stream tells of it)";
      case "overview.feedLost":
        return "The live bills stream is lost";
      case "xstate.done.actor.loadOverview":
        return e.output.balance === "0"
          ? `The server answers the ${e.output.trend.range}'s figures: nothing yet, zeros every day`
          : `The server answers the ${e.output.trend.range}'s figures: 40.25 USDT balance, 12.5 on chain, 10.5 today in 2 deposits, 1 yesterday`;
      case "xstate.error.actor.loadOverview":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const parts: string[] = [];
    const { figures, range } = s.context;
    if (s.matches({ figures: "failed" }))
      parts.push(`${page} reads ${english("consoleHome.failed")} with ${english("consoleHome.retry")}`);
    else if (!figures) parts.push(`${page} read ${english("consoleHome.loading")}`);
    else
      parts.push(
        `${page} show the balance ${figures.balance} USDT, ${figures.mainChain} USDT on chain and today's ${figures.today.amount} USDT${s.matches({ figures: "loading" }) ? ", marked busy while they load again" : ""}`,
      );
    parts.push(`the ${english(`consoleHome.ranges.${range}`)} button is pressed`);
    if (s.matches({ feed: "lost" }))
      parts.push(`${english("consoleHome.feedLost")} shows with ${english("consoleHome.refresh")}`);
    return parts.join("; ");
  },
  excluded: [],
};
