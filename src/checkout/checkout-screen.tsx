import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import { isPositiveAmount } from "../../contracts/money.ts";
import { formatUsdt } from "../i18n/format.ts";
import { Countdown } from "./countdown.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { PaymentPanel } from "./payment-panel.tsx";
import { isOpen, statusNotes } from "./status-notes.ts";
import { type CheckoutState, useCheckoutView } from "./use-checkout-view.ts";

/** The site's host name for "Return to …", or the merchant's name when the site is no URL. */
function siteName(view: CheckoutView): string {
  try {
    return view.merchant.site ? new URL(view.merchant.site).host : view.merchant.name;
  } catch {
    return view.merchant.name;
  }
}

function Invoice({ view, clockOffsetMs, connected }: Extract<CheckoutState, { kind: "shown" }>) {
  const { t, i18n } = useTranslation();
  const open = isOpen(view);
  const site = siteName(view);
  // Paid: back to the shop with the invoice's id and status; otherwise (expired, cancelled) the shop's own site.
  const leave =
    view.status === "paid" && view.returnUrl
      ? { href: view.returnUrl, text: t("checkout.returnTo", { site }) }
      : !open && view.merchant.site
        ? {
            href: view.merchant.site,
            text: view.status === "paid" ? t("checkout.returnTo", { site }) : t("checkout.visitSite", { site }),
          }
        : null;
  return (
    <article className="co-card" data-status={view.status}>
      <header className="co-merchant">
        <h1>{view.merchant.name}</h1>
        {view.merchant.site && <p className="co-site">{site}</p>}
      </header>
      {view.description && <p className="co-description">{view.description}</p>}
      <div className="co-total">
        <span>{t("checkout.amount")}</span>
        <strong className="co-total-figure" data-testid="checkout-amount">
          {formatUsdt(view.amount, i18n.language)}
        </strong>
        <span className="co-badge" data-testid="checkout-status">
          <span className="co-visually-hidden">{t("checkout.status")}: </span>
          {t(`invoiceStatus.${view.status}`)}
        </span>
      </div>
      <div role="status" className="co-notes" data-testid="checkout-notes">
        {statusNotes(view, t, i18n.language).map((note) => (
          <p key={note.id} className={`co-note co-note-${note.tone}`} data-note={note.id}>
            {note.text}
          </p>
        ))}
        {!connected && (
          <p className="co-note co-note-warning" data-note="reconnecting">
            {t("checkout.reconnecting")}
          </p>
        )}
      </div>
      {open && <Countdown expiresAt={view.expiresAt} clockOffsetMs={clockOffsetMs} />}
      {open && isPositiveAmount(view.amountDue) && <PaymentPanel view={view} />}
      {leave && (
        <a className="co-button co-button-primary" href={leave.href} data-testid="checkout-leave">
          {leave.text}
        </a>
      )}
    </article>
  );
}

function Trouble({ title, body, retry }: { title: string; body: string; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <article className="co-card" role="alert">
      <h1>{title}</h1>
      <p>{body}</p>
      {retry && (
        <button type="button" className="co-button co-button-primary" onClick={retry}>
          {t("checkout.retry")}
        </button>
      )}
    </article>
  );
}

const titleKey = {
  loading: "checkout.loading",
  notFound: "checkout.notFoundTitle",
  failed: "checkout.failedTitle",
} as const;

function CheckoutBody({ invoiceId, retry }: { invoiceId: string; retry: () => void }) {
  const { t } = useTranslation();
  const state = useCheckoutView(invoiceId);
  const title =
    state.kind === "shown" ? t("checkout.pageTitle", { merchant: state.view.merchant.name }) : t(titleKey[state.kind]);
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (state.kind === "shown") return <Invoice {...state} />;
  if (state.kind === "notFound") return <Trouble title={title} body={t("checkout.notFoundBody")} />;
  if (state.kind === "failed") return <Trouble title={title} body={t("checkout.failedBody")} retry={retry} />;
  return (
    <p className="co-card co-loading" role="status">
      {title}
    </p>
  );
}

/** The hosted checkout page of one invoice, its id read from `/pay/{invoiceId}`. */
export function CheckoutScreen({ invoiceId }: { invoiceId: string }) {
  // A failed first read is tried again with the view's hook mounted anew.
  const [attempt, setAttempt] = useState(0);
  return (
    <main className="co-page">
      <div className="co-bar">
        <LanguageSwitch />
      </div>
      <CheckoutBody key={attempt} invoiceId={invoiceId} retry={() => setAttempt((n) => n + 1)} />
    </main>
  );
}
