import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import type {
  withdrawalApproveMachine,
  withdrawalRejectMachine,
} from "../../../machines/wallet/withdrawal-decision.ts";
import { FormDialog } from "../../app/form-dialog.tsx";
import { formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import {
  emptyWithdrawalProof,
  useWithdrawalCodeSender,
  WithdrawalProofFields,
  withdrawalProofFieldsOf,
  withdrawalProofOf,
} from "../../app/withdrawal-proof-fields.tsx";

interface ApproveDialogProps {
  actor: ActorRefFrom<typeof withdrawalApproveMachine>;
  withdrawal: OpenWithdrawal | null;
  /** Two-factor sign-in is on: the authenticator's code is asked too. */
  secondFactorOn: boolean;
}

/**
 * "Approve" of a withdrawal an application asked above its auto-approve limit: what it sends where and its fee, then
 * the code mailed for it and, when two-factor is on, the authenticator's code — as a withdrawal asked here takes.
 */
export function WithdrawalApproveDialog({ actor, withdrawal, secondFactorOn }: ApproveDialogProps) {
  const { t, i18n } = useTranslation();
  const sender = useWithdrawalCodeSender();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const [codes, setCodes] = useState(emptyWithdrawalProof);
  const amount = withdrawal ? formatUsdt(withdrawal.amount, i18n.language) : "";
  return (
    <FormDialog
      actor={actor}
      title={t("withdrawals.approveTitle", { amount })}
      submitText={t("withdrawals.approveSubmit")}
      // The destination is not asked here: a refusal of it is said above the codes.
      fields={withdrawalProofFieldsOf(secondFactorOn)}
      onOpening={() => setCodes(emptyWithdrawalProof)}
      onSubmit={() =>
        actor.send({
          type: "withdrawal.approve",
          withdrawalId: withdrawal?.id ?? "",
          ...withdrawalProofOf(codes, secondFactorOn),
        })
      }
    >
      <div data-testid="withdrawal-approve-what">
        <p>
          {t("withdrawals.approveText", {
            amount,
            fee: withdrawal ? formatUsdt(withdrawal.fee, i18n.language) : "",
          })}
        </p>
        <p className="list-code">
          <BreakableToken text={withdrawal?.to ?? ""} />
        </p>
      </div>
      <WithdrawalProofFields
        sender={sender}
        proof={codes}
        onChange={setCodes}
        fieldErrors={fieldErrors}
        secondFactorOn={secondFactorOn}
      />
    </FormDialog>
  );
}

interface RejectDialogProps {
  actor: ActorRefFrom<typeof withdrawalRejectMachine>;
  withdrawal: OpenWithdrawal | null;
}

/** "Reject": says nothing is sent and the amount and fee go back to the balance; rejected on confirming. */
export function WithdrawalRejectDialog({ actor, withdrawal }: RejectDialogProps) {
  const { t, i18n } = useTranslation();
  const amount = withdrawal ? formatUsdt(withdrawal.amount, i18n.language) : "";
  return (
    <FormDialog
      actor={actor}
      title={t("withdrawals.rejectTitle", { amount })}
      submitText={t("withdrawals.rejectSubmit")}
      onSubmit={() => actor.send({ type: "withdrawal.reject", withdrawalId: withdrawal?.id ?? "" })}
    >
      <p data-testid="withdrawal-reject-what">{t("withdrawals.rejectText")}</p>
    </FormDialog>
  );
}
