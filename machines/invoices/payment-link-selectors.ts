import type { SnapshotFrom } from "xstate";
import type { OpenInvoice } from "../../contracts/schemas/open-api-invoices.ts";
import type { paymentLinkMachine } from "./payment-link.ts";

type PaymentLinkSnapshot = SnapshotFrom<typeof paymentLinkMachine>;

/** The link just made, while it is shown; null otherwise. */
export const selectMadeLink = (s: PaymentLinkSnapshot): OpenInvoice | null =>
  s.hasTag("made") ? s.context.link : null;

/** Whether "Create a payment link" can open the dialog now (not while it is open). */
export const selectCanCreateLink = (s: PaymentLinkSnapshot): boolean => s.can({ type: "dialog.open" });
