import { type Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { Order, OrderStatus } from "../../../contracts/schemas/orders.ts";
import type { ShownStatus, TermView } from "../../../machines/orders/order-list-selectors.ts";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { UsdtAmount } from "../../ui/usdt-amount.tsx";

const statusIntents: Record<ShownStatus, Intent> = {
  pending: "warning",
  waiting: "primary",
  paid: "success",
  startedFree: "success",
  cancelled: "none",
  failed: "danger",
};

/** The texts of an order's fields in the merchant's language. */
export function useOrderText() {
  const { t, i18n } = useTranslation();
  const none = t("orders.none");
  return {
    none,
    /** The package's name in this language (`packages.names.<code>`), else the server's. */
    packageName: (code: string, name: string) =>
      String(t(`packages.names.${code}` as never, { defaultValue: name } as never)),
    term: (term: TermView) =>
      term.kind === "months"
        ? t("orders.term.month", { count: term.months })
        : t(`orders.term.${term.unit}`, { count: term.count }),
    payType: (payType: Order["payType"]) => (payType ? t(`orders.payType.${payType}`) : none),
    status: (status: ShownStatus) =>
      status === "startedFree" ? t("orders.startedFree") : t(`orders.status.${status satisfies OrderStatus}`),
    time: (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : none),
    amount: (amount: string) => formatUsdt(amount, i18n.language),
    /** An amount in a cell or a fact: to the cent, its finer digits apart (src/ui/usdt-amount.tsx). */
    money: (amount: string) => <UsdtAmount amount={amount} language={i18n.language} />,
  };
}

export function OrderStatusTag({ status }: { status: ShownStatus }) {
  const { status: text } = useOrderText();
  return (
    <Tag intent={statusIntents[status]} className="order-status" data-status={status}>
      {text(status)}
    </Tag>
  );
}
