import { useTranslation } from "react-i18next";
import type { TermView } from "../../../machines/orders/order-purchase-selectors.ts";
import { formatDate, formatUsdt } from "../../i18n/format.ts";

/** The pay flow's texts of packages and amounts in the merchant's language. */
export function usePaymentText() {
  const { t, i18n } = useTranslation();
  return {
    /** The package's name in this language (`packages.names.<code>`), else the server's. */
    packageName: (code: string, name: string) => {
      const key = `packages.names.${code}`;
      return i18n.exists(key) ? String(t(key as never)) : name;
    },
    term: (term: TermView) =>
      String(
        t(
          `orderPayment.${term.count === 1 ? "termOne" : "termMany"}.${term.unit}` as never,
          { count: term.count } as never,
        ),
      ),
    amount: (amount: string) => formatUsdt(amount, i18n.language),
    date: (iso: string) => formatDate(iso, i18n.language),
  };
}
