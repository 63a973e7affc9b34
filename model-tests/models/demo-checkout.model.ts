import { demoCheckoutMachine } from "../../machines/public/demo-checkout.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(demoCheckoutMachine);

/** The demo invoice the fake server makes: its checkout page is /pay/ and this id. */
export const demoInvoiceId = "DemoInvoiceModel012345";

const page = english("demo.title");

export const demoCheckoutModel: MachineModel<typeof demoCheckoutMachine> = {
  id: "demoCheckout",
  machine: demoCheckoutMachine,
  starts: [{ name: "visitor opens /demo01", input: undefined }],
  // A retried demo asks again: the fake server answers the calls in order, so the counts carry on along a walk.
  walks: true,
  events: (s) => {
    if (s.matches("creating"))
      return [
        done("createInvoice", { invoiceId: demoInvoiceId }),
        failed("createInvoice", failure("2113", "The demo is not available on this server")),
        failed("createInvoice", failure("2005", "Too many requests, wait 20 seconds")),
        failed("createInvoice", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "demo.retry" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "demo.retry") return `Press ${english("demo.retry")} on ${page}`;
    if (e.type === "xstate.done.actor.createInvoice")
      return `The server makes invoice ${e.output.invoiceId} of the demo shop on the devnet`;
    if (e.type === "xstate.error.actor.createInvoice") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    if (s.matches("creating")) return `${page} shows a spinner and ${english("demo.creating")}`;
    if (s.matches("leaving"))
      return `The browser goes on to /pay/${s.context.invoiceId}, the invoice's checkout page; meanwhile ${page} reads ${english("demo.leaving")} with a link ${english("demo.openCheckout")}`;
    if (s.matches("unavailable"))
      return `${page} reads ${english("demo.unavailableTitle")} and offers ${english("demo.register")}, no retry`;
    return `${page} reads ${english("demo.failedTitle")} with what to do and a ${english("demo.retry")} button`;
  },
  excluded: [],
};
