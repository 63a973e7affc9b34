import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import { selectEmail } from "../../../machines/auth/session-selectors.ts";
import type {
  withdrawalApproveMachine,
  withdrawalRejectMachine,
} from "../../../machines/wallet/withdrawal-decision.ts";
import { provideCodeSender } from "../../app/code-sender-service.ts";
import { CodeField } from "../../app/code-field.tsx";
import { FormDialog } from "../../app/form-dialog.tsx";
import { useServices, useSessionActor } from "../../app/services-context.tsx";
import { formatUsdt } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { FormField } from "../../ui/form-field.tsx";

interface ApproveDialogProps {
  actor: ActorRefFrom<typeof withdrawalApproveMachine>;
  withdrawal: OpenWithdrawal | null;
  /** Two-factor sign-in is on: the authenticator's code is asked too. */
  secondFactorOn: boolean;
}

const emptyCodes = { code: "", totpCode: "" };

/**
 * "Approve" of a withdrawal an application asked above its auto-approve limit: what it sends where and its fee, then
 * the code mailed for it and, when two-factor is on, the authenticator's code — as a withdrawal asked here takes.
 */
export function WithdrawalApproveDialog({ actor, withdrawal, secondFactorOn }: ApproveDialogProps) {
  const { t, i18n } = useTranslation();
  const sender = useActorRef(provideCodeSender(useServices()), { input: { purpose: "withdrawal" } });
  const email = useSelector(useSessionActor(), selectEmail);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const [codes, setCodes] = useState(emptyCodes);
  const amount = withdrawal ? formatUsdt(withdrawal.amount, i18n.language) : "";
  return (
    <FormDialog
      actor={actor}
      title={t("withdrawals.approveTitle", { amount })}
      submitText={t("withdrawals.approveSubmit")}
      onOpening={() => setCodes(emptyCodes)}
      onSubmit={() =>
        actor.send({
          type: "withdrawal.approve",
          withdrawalId: withdrawal?.id ?? "",
          code: codes.code,
          ...(secondFactorOn ? { totpCode: codes.totpCode } : {}),
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
      <p className="bp6-text-muted form-hint">{t("wallet.codeHint", { email })}</p>
      <CodeField
        sender={sender}
        email={email}
        code={codes.code}
        onCodeChange={(code) => setCodes((c) => ({ ...c, code }))}
        error={fieldErrors.code}
      />
      {secondFactorOn ? (
        <FormField
          label={t("wallet.totpCode")}
          name="totpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={codes.totpCode}
          onValueChange={(totpCode) => setCodes((c) => ({ ...c, totpCode }))}
          error={fieldErrors.totpCode}
        />
      ) : null}
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
