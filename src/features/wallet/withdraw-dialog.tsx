import { Button } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { WalletOverview, WithdrawalAddress } from "../../../contracts/schemas/wallet.ts";
import { allOf, withdrawalPreview } from "../../../machines/wallet/wallet-amounts.ts";
import { withdrawalChoice } from "../../../machines/wallet/wallet-page-selectors.ts";
import type { withdrawMachine } from "../../../machines/wallet/withdraw.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { FormDialog } from "../../app/form-dialog.tsx";
import { WithdrawalPreviewFacts } from "../../app/withdrawal-preview-facts.tsx";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { middleShortened } from "../../ui/middle-shortened.ts";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import {
  emptyWithdrawalProof,
  useWithdrawalCodeSender,
  WithdrawalProofFields,
  withdrawalProofFieldsOf,
  withdrawalProofOf,
} from "../../app/withdrawal-proof-fields.tsx";

interface WithdrawDialogProps {
  actor: ActorRefFrom<typeof withdrawMachine>;
  overview: WalletOverview;
  /** The destinations past their cool-down. */
  destinations: readonly WithdrawalAddress[];
}

const emptyForm = { addressId: "", amount: "" };
/** The fields a refusal may mark here: the destination chosen (a refusal of its address), the amount, the codes. */
const withdrawFieldsOf = (secondFactorOn: boolean) => ["address", "amount", ...withdrawalProofFieldsOf(secondFactorOn)];

/**
 * "Withdraw": a destination of the address book, the amount (with "All"), the fee, what is taken from the balance and
 * what arrives, shown before confirming; the code mailed for it and, when two-factor is on, the authenticator's code.
 */
export function WithdrawDialog({ actor, overview, destinations }: WithdrawDialogProps) {
  const { t } = useTranslation();
  const sender = useWithdrawalCodeSender();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const [form, setForm] = useState(emptyForm);
  const [proof, setProof] = useState(emptyWithdrawalProof);
  const [requestId, setRequestId] = useState("");
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { destination, fee } = withdrawalChoice(overview, destinations, form.addressId);
  const preview = withdrawalPreview(form.amount, fee, overview.available, overview.dailyLeft);
  return (
    <FormDialog
      actor={actor}
      title={t("wallet.withdrawTitle")}
      submitText={t("wallet.withdrawSubmit")}
      fields={withdrawFieldsOf(overview.secondFactorOn)}
      onOpening={() => {
        setForm(emptyForm);
        setProof(emptyWithdrawalProof);
        setRequestId(crypto.randomUUID());
      }}
      onSubmit={() =>
        actor.send({
          type: "withdraw.submit",
          addressId: destination?.id ?? "",
          amount: form.amount,
          ...withdrawalProofOf(proof, overview.secondFactorOn),
          requestId,
        })
      }
    >
      <SelectField
        label={t("wallet.destination")}
        name="address"
        value={destination?.id ?? ""}
        onChange={set("addressId")}
        options={destinations.map((d) => ({
          value: d.id,
          text: `${d.label} (${d.chain}) ${middleShortened(d.address)}`,
        }))}
        error={fieldErrors.addressId}
      />
      {destination ? (
        // The option is shortened in the middle; the destination a merchant checks is shown whole, and copied whole.
        <p className="wallet-destination-whole" data-testid="withdraw-destination">
          <code>
            <BreakableToken text={destination.address} />
          </code>
          <CopyButton value={destination.address} label={t("wallet.copyDestination")} />
        </p>
      ) : null}
      <FormField
        label={t("wallet.amount")}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={form.amount}
        onValueChange={set("amount")}
        error={fieldErrors.amount}
        rightElement={
          <Button
            variant="minimal"
            text={t("wallet.all")}
            onClick={() => set("amount")(allOf(overview.available, fee))}
          />
        }
      />
      <WithdrawalPreviewFacts fee={fee} preview={preview} dailyLeft={overview.dailyLeft} testId="wallet-preview" />
      <WithdrawalProofFields
        sender={sender}
        proof={proof}
        onChange={setProof}
        fieldErrors={fieldErrors}
        secondFactorOn={overview.secondFactorOn}
      />
    </FormDialog>
  );
}
