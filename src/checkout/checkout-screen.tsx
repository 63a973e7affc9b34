import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import {
  selectCheckoutOpen,
  selectCheckoutStage,
  selectCheckoutView,
  selectConnected,
  selectPayable,
  selectTimeLeftMs,
  selectTimeUp,
} from "../../machines/checkout/checkout-page-selectors.ts";
import { formatUsdt } from "../i18n/format.ts";
import {
  browserCheckoutServices,
  type CheckoutActor,
  type CheckoutServices,
  checkoutActorClock,
  provideCheckoutPage,
} from "./checkout-machines.ts";
import { Countdown } from "./countdown.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { PaymentPanel } from "./payment-panel.tsx";
import { statusNotes } from "./status-notes.ts";

/** The site's host name for "Return to …", or the merchant's name when the site is no URL. */
function siteName(view: CheckoutView): string {
  try {
    return view.merchant.site ? new URL(view.merchant.site).host : view.merchant.name;
  } catch {
    return view.merchant.name;
  }
}

function Invoice({ page, view }: { page: CheckoutActor; view: CheckoutView }) {
  const { t, i18n } = useTranslation();
  const open = useSelector(page, selectCheckoutOpen);
  const timeUp = useSelector(page, selectTimeUp);
  const payable = useSelector(page, selectPayable);
  const timeLeftMs = useSelector(page, selectTimeLeftMs);
  const connected = useSelector(page, selectConnected);
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
        {statusNotes(view, { open, timeUp }, t, i18n.language).map((note) => (
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
      {open && <Countdown timeLeftMs={timeLeftMs} />}
      {payable && <PaymentPanel page={page} view={view} />}
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

function CheckoutBody({ page }: { page: CheckoutActor }) {
  const { t } = useTranslation();
  const stage = useSelector(page, selectCheckoutStage);
  const view = useSelector(page, selectCheckoutView);
  const title =
    stage === "shown" && view
      ? t("checkout.pageTitle", { merchant: view.merchant.name })
      : t(titleKey[stage === "shown" ? "loading" : stage]);
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (stage === "shown" && view) return <Invoice page={page} view={view} />;
  if (stage === "notFound") return <Trouble title={title} body={t("checkout.notFoundBody")} />;
  if (stage === "failed")
    return (
      <Trouble title={title} body={t("checkout.failedBody")} retry={() => page.send({ type: "checkout.retry" })} />
    );
  return (
    <p className="co-card co-loading" role="status">
      {title}
    </p>
  );
}

/**
 * The hosted checkout page of one invoice, its id read from `/pay/{invoiceId}`; it renders what its machine
 * (machines/checkout/checkout-page.ts) says. `services`: the browser's, or a test's.
 */
export function CheckoutScreen({
  invoiceId,
  services = browserCheckoutServices,
}: {
  invoiceId: string;
  services?: CheckoutServices;
}) {
  const page = useActorRef(provideCheckoutPage(services), {
    input: { invoiceId, now: Date.now() },
    clock: checkoutActorClock(services),
  });
  return (
    <main className="co-page">
      <div className="co-bar">
        <LanguageSwitch />
      </div>
      <CheckoutBody page={page} />
    </main>
  );
}
