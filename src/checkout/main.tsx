import "./checkout.css";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { browserLocale, createCheckoutI18n } from "./checkout-i18n.ts";
import { CheckoutScreen } from "./checkout-screen.tsx";
import { applyPreloadedStyles } from "./preloaded-styles.ts";

const root = document.getElementById("root");
if (!root) throw new Error("pay.html has no #root");
// An invoice id has only URL-safe characters (invoiceIdField): anything else is no invoice, and reads as not found.
const invoiceId = window.location.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
const locale = browserLocale(navigator.languages);
const [i18n] = await Promise.all([createCheckoutI18n(locale), applyPreloadedStyles(document)]);
document.documentElement.lang = locale;
// The shell pay.html paints first gives way to the page.
root.replaceChildren();
root.removeAttribute("aria-busy");
createRoot(root).render(
  <I18nextProvider i18n={i18n}>
    <CheckoutScreen invoiceId={invoiceId} />
  </I18nextProvider>,
);
