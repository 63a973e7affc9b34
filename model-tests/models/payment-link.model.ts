import { errCodes } from "../../contracts/schemas/envelope.ts";
import { paymentLinkMachine } from "../../machines/invoices/payment-link.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, showingProblems } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { invoiceApps, madeLink } from "./invoice-fixtures.ts";

const { done, failed } = eventBuilders(paymentLinkMachine);

/** The dialog's own request id: the harness sends the one the dialog made. */
export const anyLinkRequestId = "00000000-0000-4000-8000-000000000000";

const validLink = {
  type: "paymentLink.submit",
  appCode: invoiceApps[0]?.appCode ?? "",
  amount: "12.5",
  description: "Two mugs",
  expiresInSeconds: 3600,
  redirectUrl: "https://shop.example.com/thanks",
  requestId: anyLinkRequestId,
} as const;

export const paymentLinkModel: MachineModel<typeof paymentLinkMachine> = {
  id: "paymentLink",
  machine: paymentLinkMachine,
  starts: [{ name: "signed in, on Invoices", input: undefined }],
  // One console makes links again and again: the list is asked for again after each one.
  walks: true,
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        validLink,
        { ...validLink, amount: "0", redirectUrl: "http://shop.example.com/thanks" },
        { type: "dialog.close" },
      ] as ModelEvent<typeof paymentLinkMachine>[];
    if (s.matches("submitting"))
      return [
        done("submit", madeLink),
        failed("submit", failure(errCodes.openApiNoPackage, "Choose or renew a package to create invoices")),
      ];
    if (s.matches("made")) return [{ type: "dialog.close" }, { type: "dialog.open" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return `Press ${english("invoices.link.create")} (or, on the link made, ${english("invoices.link.another")})`;
      case "dialog.close":
        return `Press ${english("common.cancel")} (or, on the link made, ${english("invoices.details.close")})`;
      case "paymentLink.submit":
        return `Choose the application, type the amount "${e.amount}", the description "${e.description ?? ""}", choose 1 hour, type the return address "${e.redirectUrl ?? ""}"; press ${english("invoices.link.submit")}`;
      case "xstate.done.actor.submit":
        return "The server makes the invoice and answers its checkout page";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("submitting")) return `${english("invoices.link.submit")} shows a spinner`;
    if (s.matches("made"))
      return `The ${english("invoices.link.madeTitle")} dialog shows the link's QR code and its URL with Copy and Open; the list is asked for again`;
    return `The ${english("invoices.link.title")} dialog${showingProblems(s.context)}`;
  },
  excluded: [],
};
