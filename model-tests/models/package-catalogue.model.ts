import { packageCatalogueMachine } from "../../machines/public/package-catalogue.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { packages } from "./order-fixtures.ts";

const { done, failed } = eventBuilders(packageCatalogueMachine);

/** A catalogue without the enterprise pack: what the page says when it is not on sale. */
export const withoutEnterprise = packages.filter((p) => p.kind !== "enterprise");

const page = english("enterprise.title");

export const packageCatalogueModel: MachineModel<typeof packageCatalogueMachine> = {
  id: "packageCatalogue",
  machine: packageCatalogueMachine,
  starts: [{ name: "visitor opens /products/enterprise-pack", input: undefined }],
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadCatalogue", packages),
        done("loadCatalogue", withoutEnterprise),
        failed("loadCatalogue", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "catalogue.retry" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "catalogue.retry") return `Press ${english("enterprise.retry")} on ${page}`;
    if (e.type === "xstate.done.actor.loadCatalogue")
      return e.output.some((p) => p.kind === "enterprise")
        ? "The server answers the catalogue with the enterprise pack: 999 USDT for 1 year, unlimited"
        : "The server answers a catalogue without an enterprise pack";
    if (e.type === "xstate.error.actor.loadCatalogue") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    if (s.matches("loading")) return `${page}'s price, term and limits wait as placeholders`;
    if (s.matches("failed"))
      return `${page} reads ${english("enterprise.loadFailed")} with ${english("enterprise.retry")}`;
    return s.context.packages?.some((p) => p.kind === "enterprise")
      ? `${page} shows the price 999 USDT, the term 1 year from payment and unlimited wallets, currencies and applications`
      : `${page} reads ${english("enterprise.notOnSale")}`;
  },
  excluded: [],
};
