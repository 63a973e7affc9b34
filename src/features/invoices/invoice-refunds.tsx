import { Button, Callout, H3, HTMLTable, Spinner } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConsoleInvoice } from "../../../contracts/schemas/invoices.ts";
import {
  isRefundable,
  isUnknownDestination,
  refundableOf,
  refundExcessOf,
  suggestedRefundOf,
  refundChainsOf,
  refundFeeOf,
} from "../../../machines/invoices/invoice-refundable.ts";
import { withdrawalPreview } from "../../../machines/wallet/wallet-amounts.ts";
import { selectWalletPage } from "../../../machines/wallet/wallet-page-selectors.ts";
import { FormDialog } from "../../app/form-dialog.tsx";
import { useServices } from "../../app/services-context.tsx";
import { WithdrawalPreviewFacts } from "../../app/withdrawal-preview-facts.tsx";
import {
  emptyWithdrawalProof,
  useWithdrawalCodeSender,
  WithdrawalProofFields,
  withdrawalProofFieldsOf,
  withdrawalProofOf,
} from "../../app/withdrawal-proof-fields.tsx";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { provideInvoiceRefund, provideRefundWallet } from "./invoice-machines.ts";

/**
 * An invoice's refunds (each a withdrawal: its amount, state and transaction) and, while something received is left
 * to give back, "Refund": a withdrawal from the balance to a destination of the address book, linked to the invoice.
 */
export function InvoiceRefunds({
  invoice,
  onUpdated,
}: {
  invoice: ConsoleInvoice;
  onUpdated(row: ConsoleInvoice): void;
}) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideInvoiceRefund(services, { invoice, updated: onUpdated }));
  const refundable = isRefundable(invoice);
  return (
    <section data-testid="invoice-refunds">
      <H3 id="invoice-refunds-title">{t("invoices.refund.title")}</H3>
      {invoice.refunds.length === 0 ? (
        <p>{t("invoices.refund.none")}</p>
      ) : (
        <ScrollRegion labelledBy="invoice-refunds-title">
          <HTMLTable compact className="invoice-transfers">
            <thead>
              <tr>
                <th scope="col">{t("invoices.refund.when")}</th>
                <th scope="col">{t("invoices.details.transferAmount")}</th>
                <th scope="col">{t("invoices.refund.state")}</th>
                <th scope="col">{t("invoices.refund.txHash")}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.refunds.map((refund) => (
                <tr key={refund.withdrawalId}>
                  <td data-label={t("invoices.refund.when")}>{formatDateTime(refund.createdAt, i18n.language)}</td>
                  <td data-label={t("invoices.details.transferAmount")}>{formatUsdt(refund.amount, i18n.language)}</td>
                  <td data-label={t("invoices.refund.state")}>{t(`withdrawals.status.${refund.status}`)}</td>
                  <td data-label={t("invoices.refund.txHash")}>
                    {refund.txHash ? <BreakableToken text={refund.txHash} /> : t("invoices.none")}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ScrollRegion>
      )}
      {refundable ? (
        <Button
          intent="primary"
          text={t("invoices.refund.open")}
          onClick={() => actor.send({ type: "dialog.open" })}
          data-testid="invoice-refund"
        />
      ) : null}
      {/* The wallet is asked for only where a refund can be made. */}
      {refundable ? <RefundDialog actor={actor} invoice={invoice} wallet={provideRefundWallet(services)} /> : null}
    </section>
  );
}

type RefundActor = ReturnType<typeof useActorRef<ReturnType<typeof provideInvoiceRefund>>>;

interface RefundDialogProps {
  actor: RefundActor;
  invoice: ConsoleInvoice;
  /** The wallet's figures and address book: the second factor, the fee, the balance, the destinations. */
  wallet: ReturnType<typeof provideRefundWallet>;
}

/** The fields a refusal may mark here: the destination (`to` in the request) is the policy's `address`. */
const refundFieldsOf = (secondFactorOn: boolean) => ["address", "amount", ...withdrawalProofFieldsOf(secondFactorOn)];

function RefundDialog({ actor, invoice, wallet: walletMachine }: RefundDialogProps) {
  const { t, i18n } = useTranslation();
  const sender = useWithdrawalCodeSender();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const wallet = useActorRef(walletMachine);
  const walletView = useSelector(wallet, selectWalletPage);
  const opened = useRef(false);
  const chains = refundChainsOf(invoice);
  // What came beyond a paid invoice's amount is what the dialog fills in, and says so.
  const excess = refundExcessOf(invoice);
  const fresh = () => ({ chain: chains[0] ?? "", to: "", amount: suggestedRefundOf(invoice) });
  const [form, setForm] = useState(fresh);
  const [proof, setProof] = useState(emptyWithdrawalProof);
  const [requestId, setRequestId] = useState("");
  const set = (field: keyof ReturnType<typeof fresh>) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const ready = walletView.kind === "ready" ? walletView.data : null;
  // Until the wallet has answered the second factor is not known: the server still asks for it if it is on.
  const secondFactorOn = ready?.overview.secondFactorOn ?? false;
  return (
    <FormDialog
      actor={actor}
      title={t("invoices.refund.dialogTitle", { orderId: invoice.orderId })}
      className="invoice-refund-dialog"
      submitText={t("invoices.refund.submit")}
      fields={refundFieldsOf(secondFactorOn)}
      onOpening={() => {
        // Asked for as the details opened; again on a later opening, as a refund or a withdrawal may have changed it.
        if (opened.current) wallet.send({ type: "wallet.reload" });
        opened.current = true;
        setForm(fresh());
        setProof(emptyWithdrawalProof);
        setRequestId(crypto.randomUUID());
      }}
      onSubmit={() =>
        actor.send({
          type: "refund.submit",
          invoiceId: invoice.invoiceId,
          chain: form.chain,
          to: form.to,
          amount: form.amount,
          ...withdrawalProofOf(proof, secondFactorOn),
          requestId,
        })
      }
    >
      <Callout intent="primary" compact className="invoice-refund-hint">
        {t("invoices.refund.hint", { amount: formatUsdt(refundableOf(invoice), i18n.language) })}
        {excess ? ` ${t("invoices.refund.excessFilled", { excess: formatUsdt(excess, i18n.language) })}` : null}
      </Callout>
      <SelectField
        label={t("invoices.refund.chain")}
        value={form.chain}
        onChange={set("chain")}
        options={chains.map((chain) => ({ value: chain, text: chain }))}
        error={fieldErrors.chain}
      />
      <FormField
        label={t("invoices.refund.to")}
        name="address"
        autoComplete="off"
        spellCheck={false}
        value={form.to}
        onValueChange={set("to")}
        error={fieldErrors.to}
      />
      {ready && isUnknownDestination(ready.book.items, form.chain, form.to) ? (
        <Callout intent="warning" compact className="invoice-refund-hint" data-testid="invoice-refund-unknown">
          {t("invoices.refund.notInBook", { chain: form.chain })}
        </Callout>
      ) : null}
      <FormField
        label={t("invoices.refund.amount")}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onValueChange={set("amount")}
        error={fieldErrors.amount}
      />
      <RefundWalletFacts
        view={walletView}
        chain={form.chain}
        amount={form.amount}
        onRetry={() => wallet.send({ type: "wallet.retry" })}
      />
      <WithdrawalProofFields
        sender={sender}
        proof={proof}
        onChange={setProof}
        fieldErrors={fieldErrors}
        secondFactorOn={secondFactorOn}
      />
    </FormDialog>
  );
}

/** The refund's fee and what it takes from the balance, once the wallet has answered; its loading and its failure. */
function RefundWalletFacts({
  view,
  chain,
  amount,
  onRetry,
}: {
  view: ReturnType<typeof selectWalletPage>;
  chain: string;
  amount: string;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  if (view.kind === "loading") return <Spinner size={20} aria-label={t("wallet.loading")} />;
  if (view.kind === "failed")
    return (
      <Callout
        intent="danger"
        compact
        role="alert"
        className="invoice-refund-hint"
        data-testid="invoice-refund-wallet-failed"
      >
        {t("wallet.failed")} <Button size="small" text={t("wallet.retry")} onClick={onRetry} />
      </Callout>
    );
  const { overview } = view.data;
  const fee = refundFeeOf(overview, chain);
  return (
    <WithdrawalPreviewFacts
      fee={fee}
      preview={withdrawalPreview(amount, fee, overview.available, overview.dailyLeft)}
      dailyLeft={overview.dailyLeft}
      testId="invoice-refund-preview"
    />
  );
}
