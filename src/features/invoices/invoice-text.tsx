import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { InvoiceFlag, InvoiceStatus } from "../../../contracts/schemas/invoice-states.ts";

const statusIntent: Record<InvoiceStatus, "none" | "primary" | "success" | "warning" | "danger"> = {
  new: "none",
  processing: "primary",
  paid: "success",
  expired: "warning",
  cancelled: "none",
};

/** An invoice's status and its flags, as tags: the words are the same wherever an invoice is shown. */
export function InvoiceStatusTags({ status, flags }: { status: InvoiceStatus; flags: readonly InvoiceFlag[] }) {
  const { t } = useTranslation();
  return (
    <span className="invoice-tags">
      <Tag minimal intent={statusIntent[status]}>
        {t(`invoices.status.${status}`)}
      </Tag>
      {flags.map((flag) => (
        <Tag key={flag} minimal intent="warning" data-flag={flag}>
          {t(`invoices.flag.${flag}`)}
        </Tag>
      ))}
    </span>
  );
}
