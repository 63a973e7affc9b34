import { H3, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ConsoleInvoice, InvoiceTimelineEntry } from "../../../contracts/schemas/invoices.ts";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { TransferHash } from "./transfer-hash.tsx";

const callbackIntent = { pending: "none", success: "success", failed: "danger" } as const;

/** An invoice's life, oldest first: each step with its time, a transfer's hash, a change's callback and how it went. */
export function InvoiceTimeline({ invoice }: { invoice: ConsoleInvoice }) {
  const { t, i18n } = useTranslation();
  return (
    <section data-testid="invoice-timeline">
      <H3>{t("invoices.timeline.title")}</H3>
      <ol className="invoice-timeline">
        {invoice.timeline.map((entry, index) => (
          // The timeline is drawn from the row as it is; its steps have no id of their own.
          // biome-ignore lint/suspicious/noArrayIndexKey: a step's place in its invoice's life is its identity.
          <li key={index} data-kind={entry.kind}>
            <time dateTime={entry.at} className="invoice-timeline-time">
              {formatDateTime(entry.at, i18n.language)}
            </time>
            <span className="invoice-timeline-what">
              <TimelineStep entry={entry} invoice={invoice} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TimelineStep({ entry, invoice }: { entry: InvoiceTimelineEntry; invoice: ConsoleInvoice }) {
  const { t, i18n } = useTranslation();
  const { transfer, callback } = entry;
  if (transfer) {
    const words = { amount: formatUsdt(transfer.amount, i18n.language), chain: transfer.chain };
    const step = entry.kind === "transferSeen" && transfer.late ? "paidLate" : entry.kind;
    const explorerUrl = invoice.transfers.find((x) => x.txHash === transfer.txHash)?.explorerUrl ?? null;
    return (
      <>
        {t(`invoices.timeline.${step}` as "invoices.timeline.transferSeen", words)}{" "}
        <TransferHash txHash={transfer.txHash} explorerUrl={explorerUrl} />
      </>
    );
  }
  return (
    <>
      {t(`invoices.timeline.${entry.kind}` as "invoices.timeline.created")}
      {callback ? (
        <Tag minimal intent={callbackIntent[callback.status]} className="invoice-timeline-callback">
          {t(`invoices.timeline.callback.${callback.status}`, { count: callback.attempts })}
        </Tag>
      ) : null}
    </>
  );
}
