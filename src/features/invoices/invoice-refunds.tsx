import { Button, Callout, H3, HTMLTable } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ConsoleInvoice } from "../../../contracts/schemas/invoices.ts";
import { isRefundable, refundableOf, refundChainsOf } from "../../../machines/invoices/invoice-refundable.ts";
import { FormDialog } from "../../app/form-dialog.tsx";
import { useServices } from "../../app/services-context.tsx";
import {
  emptyWithdrawalProof,
  useWithdrawalCodeSender,
  WithdrawalProofFields,
  withdrawalProofOf,
} from "../../app/withdrawal-proof-fields.tsx";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { provideInvoiceRefund } from "./invoice-machines.ts";

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
  const actor = useActorRef(provideInvoiceRefund(useServices(), { invoice, updated: onUpdated }));
  const refundable = isRefundable(invoice);
  return (
    <section data-testid="invoice-refunds">
      <H3>{t("invoices.refund.title")}</H3>
      {invoice.refunds.length === 0 ? (
        <p>{t("invoices.refund.none")}</p>
      ) : (
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
                <td>{formatDateTime(refund.createdAt, i18n.language)}</td>
                <td>{formatUsdt(refund.amount, i18n.language)}</td>
                <td>{t(`withdrawals.status.${refund.status}`)}</td>
                <td>{refund.txHash ? <BreakableToken text={refund.txHash} /> : t("invoices.none")}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {refundable ? (
        <Button
          intent="primary"
          text={t("invoices.refund.open")}
          onClick={() => actor.send({ type: "dialog.open" })}
          data-testid="invoice-refund"
        />
      ) : null}
      <RefundDialog actor={actor} invoice={invoice} />
    </section>
  );
}

type RefundActor = ReturnType<typeof useActorRef<ReturnType<typeof provideInvoiceRefund>>>;

function RefundDialog({ actor, invoice }: { actor: RefundActor; invoice: ConsoleInvoice }) {
  const { t, i18n } = useTranslation();
  const sender = useWithdrawalCodeSender();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const chains = refundChainsOf(invoice);
  const fresh = () => ({ chain: chains[0] ?? "", to: "", amount: refundableOf(invoice), totpCode: "" });
  const [form, setForm] = useState(fresh);
  const [proof, setProof] = useState(emptyWithdrawalProof);
  const [requestId, setRequestId] = useState("");
  const set = (field: keyof ReturnType<typeof fresh>) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  return (
    <FormDialog
      actor={actor}
      title={t("invoices.refund.dialogTitle", { orderId: invoice.orderId })}
      submitText={t("invoices.refund.submit")}
      onOpening={() => {
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
          ...withdrawalProofOf({ code: proof.code, totpCode: form.totpCode }, form.totpCode.trim() !== ""),
          requestId,
        })
      }
    >
      <Callout intent="primary" compact className="invoice-refund-hint">
        {t("invoices.refund.hint", { amount: formatUsdt(refundableOf(invoice), i18n.language) })}
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
        name="to"
        autoComplete="off"
        spellCheck={false}
        value={form.to}
        onValueChange={set("to")}
        error={fieldErrors.to}
      />
      <FormField
        label={t("invoices.refund.amount")}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onValueChange={set("amount")}
        error={fieldErrors.amount}
      />
      <WithdrawalProofFields
        sender={sender}
        proof={proof}
        onChange={setProof}
        fieldErrors={fieldErrors}
        secondFactorOn={false}
      />
      <FormField
        label={t("invoices.refund.totpCode")}
        name="totpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={form.totpCode}
        onValueChange={set("totpCode")}
        error={fieldErrors.totpCode}
      />
    </FormDialog>
  );
}
