import type { TFunction } from "i18next";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import { isPositiveAmount } from "../../contracts/money.ts";
import { formatUsdt } from "../i18n/format.ts";

export type NoteTone = "info" | "success" | "warning";

interface Note {
  id: string;
  tone: NoteTone;
  text: string;
}

/** What the page's machine says beyond the view: the invoice may still be paid, its countdown reached 0. */
export interface PageFacts {
  open: boolean;
  timeUp: boolean;
}

/** What the customer reads about where the payment stands, most important first. */
export function statusNotes(view: CheckoutView, { open, timeUp }: PageFacts, t: TFunction, locale: string): Note[] {
  const usdt = (amount: string) => formatUsdt(amount, locale);
  const merchant = view.merchant.name;
  const notes: Note[] = [];
  const sent = isPositiveAmount(view.amountSent);
  const due = isPositiveAmount(view.amountDue);
  if (open && !timeUp && view.status === "new" && !sent)
    notes.push({ id: "waiting", tone: "info", text: t("checkout.waiting") });
  if (view.status === "processing" && view.confirmations)
    notes.push({
      id: "confirming",
      tone: "info",
      text: t("checkout.confirming", { seen: view.confirmations.seen, needed: view.confirmations.needed }),
    });
  // Sending now would arrive after the time: the server ends the invoice in a moment (or waits for what came in time).
  if (open && timeUp && due) notes.push({ id: "timeUp", tone: "warning", text: t("checkout.timeUp") });
  if (open && !timeUp && sent && due)
    notes.push({
      id: "partlyPaid",
      tone: "warning",
      text: t("checkout.partlyPaid", { sent: usdt(view.amountSent), due: usdt(view.amountDue) }),
    });
  if (view.status === "paid") notes.push({ id: "paid", tone: "success", text: t("checkout.paid") });
  if (view.status === "expired")
    notes.push(
      view.flags.includes("underpaid")
        ? {
            id: "expiredUnderpaid",
            tone: "warning",
            text: t("checkout.expiredUnderpaid", {
              received: usdt(view.amountReceived),
              amount: usdt(view.amount),
              merchant,
            }),
          }
        : { id: "expired", tone: "warning", text: t("checkout.expired") },
    );
  if (view.status === "cancelled") notes.push({ id: "cancelled", tone: "warning", text: t("checkout.cancelled") });
  if (view.flags.includes("paidLate"))
    notes.push({ id: "paidLate", tone: "warning", text: t("checkout.paidLate", { merchant }) });
  if (view.flags.includes("overpaid"))
    notes.push({
      id: "overpaid",
      tone: "warning",
      text: t("checkout.overpaid", { excess: usdt(view.amountExcess), merchant }),
    });
  if (view.flags.includes("otherChain"))
    notes.push({ id: "otherChain", tone: "warning", text: t("checkout.otherChain", { merchant }) });
  return notes;
}
