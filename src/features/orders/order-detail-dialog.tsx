import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { DetailDialogView, DetailFacts } from "../../../machines/orders/order-list-selectors.ts";
import type { OrderDetail } from "../../../contracts/schemas/orders.ts";
import { PackageLimitList } from "../../ui/package-limit-list.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { OrderStatusTag, useOrderText } from "./order-text.tsx";
import { usePageAddition } from "../../app/failure-callout.tsx";

interface OrderDetailDialogProps {
  view: DetailDialogView;
  onRetry(): void;
  onClose(): void;
}

/** An order's details (spec section 3) and the transfers that paid it. */
export function OrderDetailDialog({ view, onRetry, onClose }: OrderDetailDialogProps) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  const orderCode = view.open ? view.orderCode : "";
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      title={t("orders.details.title", { code: orderCode })}
      className="order-detail-dialog"
    >
      {/* The facts with the package's limits may be taller than the screen: its scroll is reachable by keyboard. */}
      <DialogBody tabIndex={0}>
        {view.open && view.kind === "loading" ? (
          <div className="list-table-status" role="status" aria-busy="true">
            <Spinner size={24} aria-label={t("orders.details.loading")} />
            <span>{t("orders.details.loading")}</span>
          </div>
        ) : null}
        {view.open && view.kind === "failed" ? (
          <Callout intent="danger" role="alert">
            {t("orders.details.failed")} {nextStep(view.failure)}{" "}
            <Button size="small" intent="danger" text={t("orders.details.retry")} onClick={onRetry} />
          </Callout>
        ) : null}
        {view.open && view.kind === "ready" ? <OrderFacts detail={view.detail} facts={view.facts} /> : null}
      </DialogBody>
      <DialogFooter actions={<Button text={t("orders.details.close")} onClick={onClose} />} />
    </Dialog>
  );
}

function OrderFacts({ detail, facts }: { detail: OrderDetail; facts: DetailFacts }) {
  const { t } = useTranslation();
  const text = useOrderText();
  const chains =
    facts.chains.length > 0
      ? facts.chains.map((c) => `${c.product} (${c.chainId})`).join(", ")
      : t("orders.details.noChain");
  // An upgrade: its price and the credit for the previous package's unused part, over what it cost.
  const creditLines: Array<[string, React.ReactNode]> = facts.credit
    ? [
        [t("orders.details.price"), text.money(facts.credit.price)],
        [t("orders.details.credit"), <>− {text.money(facts.credit.credit)}</>],
      ]
    : [];
  const lines: Array<[string, React.ReactNode]> = [
    [t("orders.details.product"), text.packageName(facts.packageCode, facts.packageName)],
    [t("orders.details.type"), t(`orders.term.${facts.termUnit}`, { count: facts.termCount })],
    [t("orders.details.market"), chains],
    [t("orders.details.usage"), <PackageLimitList key="limits" limits={facts.limits} testId="order-limits" />],
    [
      t("orders.details.orderCode"),
      <span key="code" className="order-code">
        {detail.orderCode}
      </span>,
    ],
    ...creditLines,
    [t("orders.details.totalAmount"), text.money(detail.amount)],
    [t("orders.details.payMethod"), text.payType(detail.payType)],
    [t("orders.details.status"), <OrderStatusTag key="status" status={facts.shownStatus} />],
    [t("orders.details.payTime"), text.time(detail.paidAt)],
    [t("orders.details.upgrade"), t(`orders.upgrade.${detail.upgrade}`)],
    [t("orders.details.createdAt"), text.time(detail.createdAt)],
    [t("orders.details.received"), text.money(detail.received)],
    [t("orders.details.fromBalance"), text.money(detail.fromBalance)],
    ...(facts.toBalance
      ? [[t("orders.details.toBalance"), text.money(facts.toBalance)] as [string, React.ReactNode]]
      : []),
    [t("orders.details.remaining"), text.money(detail.remaining)],
    [t("orders.details.packageExpiresAt"), text.time(detail.packageExpiresAt)],
  ];
  return (
    <>
      {facts.reversed ? (
        <Callout intent="warning" data-testid="order-reversed">
          {t("orders.details.reversed", { amount: text.amount(facts.reversed) })}
        </Callout>
      ) : null}
      <dl className="order-facts" data-testid="order-facts">
        {lines.map(([term, value]) => (
          <div key={term} className="order-fact">
            <dt>{term}</dt>
            <dd data-value="">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="order-transfers-title" id="order-transfers-title">
        {t("orders.details.transfers")}
      </h3>
      {facts.transfers.length === 0 ? (
        <p className="bp6-text-muted">{t("orders.details.noTransfers")}</p>
      ) : (
        <ScrollRegion labelledBy="order-transfers-title">
          <HTMLTable compact className="order-transfers" data-testid="order-transfers">
            <thead>
              <tr>
                <th scope="col">{t("orders.details.txHash")}</th>
                <th scope="col">{t("orders.details.chain")}</th>
                <th scope="col">{t("orders.details.block")}</th>
                <th scope="col">{t("orders.details.confirmations")}</th>
                <th scope="col">{t("orders.details.amount")}</th>
                <th scope="col">{t("orders.details.transferStatus")}</th>
              </tr>
            </thead>
            <tbody>
              {facts.transfers.map((transfer) => (
                <tr key={`${transfer.txHash}:${transfer.logIndex}`}>
                  <td>
                    <code className="order-hash">{transfer.txHash}</code>
                  </td>
                  <td>{`${transfer.product} (${transfer.chainId})`}</td>
                  <td>{transfer.blockNumber}</td>
                  <td>
                    {t("orders.details.confirmationsValue", {
                      confirmations: transfer.confirmations,
                      required: transfer.required,
                    })}
                  </td>
                  <td>{text.money(transfer.amount)}</td>
                  <td>{t(`orders.details.transferStatuses.${transfer.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      )}
    </>
  );
}
