import { type Intent, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { AppBill, BillStatus, NoticeStatus } from "../../../contracts/schemas/bills.ts";
import type { ConfirmationView } from "../../../machines/bills/bill-list.ts";
import { shortHex } from "../../../machines/short-hex.ts";
import { formatDateTime, formatDecimal, formatTokenAmount } from "../../i18n/format.ts";

const statusIntents: Record<BillStatus, Intent> = {
  confirming: "primary",
  credited: "success",
  dropped: "none",
  reversed: "danger",
};

const noticeIntents: Record<NoticeStatus, Intent> = { notNotified: "none", success: "success", failed: "danger" };

/** The texts of a bill's fields in the merchant's language. */
export function useBillText() {
  const { t, i18n } = useTranslation();
  const none = t("bills.none");
  return {
    none,
    amount: (amount: string | null, bill: Pick<AppBill, "currency">) =>
      amount === null ? none : formatTokenAmount(amount, bill.currency, i18n.language),
    /** An amount of the chain's native coin (the collection's gas), figures only: the chain names the coin. */
    nativeAmount: (amount: string | null) => (amount === null ? none : formatDecimal(amount, i18n.language)),
    time: (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : none),
    progress: (progress: ConfirmationView) => (progress ? t("bills.confirmations", progress) : ""),
  };
}

/** A hash or an address cut to its first and last characters for a table cell; the whole value is in its title. */

export function ShortHex({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (!value) return <>{t("bills.none")}</>;
  return (
    <span className="bill-hex" title={value}>
      {shortHex(value)}
    </span>
  );
}

/** The bill's status, with its confirmations n / required beside it while it is confirming. */
export function BillStatusTag({ status, progress }: { status: BillStatus; progress: ConfirmationView }) {
  const { t } = useTranslation();
  const text = useBillText();
  return (
    <span className="bill-status">
      <Tag intent={statusIntents[status]} data-status={status}>
        {t(`bills.status.${status}`)}
      </Tag>
      {progress ? (
        <span className="bill-progress" data-testid="bill-progress">
          {text.progress(progress)}
        </span>
      ) : null}
    </span>
  );
}

export function NoticeStatusTag({ status }: { status: NoticeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag intent={noticeIntents[status]} minimal data-notice={status}>
      {t(`bills.notice.${status}`)}
    </Tag>
  );
}
