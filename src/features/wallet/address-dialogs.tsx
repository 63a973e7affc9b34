import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { WithdrawalAddress } from "../../../contracts/schemas/wallet.ts";
import type { addressAddMachine } from "../../../machines/wallet/address-add.ts";
import type { addressRemoveMachine } from "../../../machines/wallet/address-remove.ts";
import { FormDialog } from "../../app/form-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import {
  emptyWithdrawalProof,
  useWithdrawalCodeSender,
  WithdrawalProofFields,
  withdrawalProofFieldsOf,
  withdrawalProofOf,
} from "../../app/withdrawal-proof-fields.tsx";

interface AddressAddDialogProps {
  actor: ActorRefFrom<typeof addressAddMachine>;
  /** The chains withdrawals go out on. */
  chains: readonly string[];
  /** Two-factor is on: the authenticator's code is asked too. */
  secondFactorOn: boolean;
}

/**
 * "Add address": the chain, the destination's checksummed address and a label of the merchant's own, with the code
 * mailed for it and, when two-factor is on, the authenticator's code, as a withdrawal takes.
 */
export function AddressAddDialog({ actor, chains, secondFactorOn }: AddressAddDialogProps) {
  const { t } = useTranslation();
  const sender = useWithdrawalCodeSender();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const empty = { chain: chains[0] ?? "", address: "", label: "" };
  const [form, setForm] = useState(empty);
  const [proof, setProof] = useState(emptyWithdrawalProof);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  return (
    <FormDialog
      actor={actor}
      title={t("wallet.addTitle")}
      submitText={t("wallet.addSubmit")}
      fields={["address", ...withdrawalProofFieldsOf(secondFactorOn)]}
      onSubmit={() => actor.send({ type: "address.add", ...form, ...withdrawalProofOf(proof, secondFactorOn) })}
      onClosed={() => {
        setForm(empty);
        setProof(emptyWithdrawalProof);
      }}
    >
      <SelectField
        label={t("wallet.chain")}
        value={form.chain}
        onChange={set("chain")}
        options={chains.map((chain) => ({ value: chain, text: chain }))}
        error={fieldErrors.chain}
      />
      <FormField
        label={t("wallet.address")}
        name="address"
        value={form.address}
        onValueChange={set("address")}
        error={fieldErrors.address}
        placeholder="0x"
        spellCheck={false}
        autoComplete="off"
        autoFocus
      />
      <FormField
        label={t("wallet.label")}
        name="label"
        value={form.label}
        onValueChange={set("label")}
        error={fieldErrors.label}
        maxLength={40}
      />
      <p className="bp6-text-muted form-hint">{t("wallet.addHint")}</p>
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

interface AddressRemoveDialogProps {
  actor: ActorRefFrom<typeof addressRemoveMachine>;
  destination: WithdrawalAddress | null;
}

/** "Remove address": names the destination, removed on confirming. */
export function AddressRemoveDialog({ actor, destination }: AddressRemoveDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      actor={actor}
      title={t("wallet.removeTitle")}
      submitText={t("wallet.remove")}
      onSubmit={() => actor.send({ type: "address.remove", id: destination?.id ?? "" })}
    >
      <p data-testid="wallet-remove-which">
        {t("wallet.removeQuestion", { label: destination?.label ?? "", address: destination?.address ?? "" })}
      </p>
    </FormDialog>
  );
}
