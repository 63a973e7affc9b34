import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RechargeBill } from "../../../contracts/schemas/recharges.ts";
import type { RechargeDetailView } from "../../../machines/recharges/recharge-list-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { FactList } from "../../ui/fact-list.tsx";

interface RechargeDetailDialogProps {
  view: RechargeDetailView;
  onClose(): void;
}

/** A recharge bill's every field (spec section 3): hashes and addresses whole, each with a copy button. */
export function RechargeDetailDialog({ view, onClose }: RechargeDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      title={t("recharges.details.title", { billNo: view.open ? view.recharge.billNo : "" })}
      className="recharge-detail-dialog"
    >
      <DialogBody>{view.open ? <RechargeFacts recharge={view.recharge} /> : null}</DialogBody>
      <DialogFooter actions={<Button text={t("recharges.details.close")} onClick={onClose} />} />
    </Dialog>
  );
}

function RechargeFacts({ recharge }: { recharge: RechargeBill }) {
  const { t, i18n } = useTranslation();
  const label = (column: string) => t(`recharges.columns.${column}` as never);
  const hex = (value: string | null, copyLabel: string): ReactNode =>
    value ? (
      <span className="list-code">
        <code>
          <BreakableToken text={value} />
        </code>
        <CopyButton value={value} label={copyLabel} />
      </span>
    ) : (
      t("recharges.details.notCollected")
    );
  const facts: Array<[string, ReactNode]> = [
    [label("billNo"), recharge.billNo],
    [label("reason"), t(`recharges.reason.${recharge.reason}`)],
    [t("recharges.details.status"), t(`recharges.status.${recharge.status}`)],
    [label("orderCode"), recharge.orderCode ?? t("recharges.none")],
    [label("amount"), formatUsdt(recharge.amount, i18n.language)],
    [t("recharges.details.paymentCurrency"), `${recharge.chain} (${recharge.chainId})`],
    [t("recharges.details.currency"), `${recharge.currency} · ${recharge.protocol}`],
    [t("recharges.details.tokenContract"), hex(recharge.tokenContract, t("recharges.details.copyTokenContract"))],
    [label("paymentAddress"), hex(recharge.paymentAddress, t("recharges.details.copyPaymentAddress"))],
    [t("recharges.details.deliveryAddress"), hex(recharge.deliveryAddress, t("recharges.details.copyDelivery"))],
    [label("fromAddress"), hex(recharge.fromAddress, t("recharges.details.copyFrom"))],
    [label("txHash"), hex(recharge.txHash, t("recharges.details.copyTxHash"))],
    [t("recharges.details.blockNumber"), recharge.blockNumber],
    [label("payTime"), formatDateTime(recharge.payTime, i18n.language)],
  ];
  return <FactList facts={facts} testId="recharge-facts" />;
}
