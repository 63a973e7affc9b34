import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { FieldErrors } from "../../machines/api-failure.ts";
import { selectEmail } from "../../machines/auth/session-selectors.ts";
import { CodeField } from "./code-field.tsx";
import { useSessionActor } from "./services-context.tsx";
import { FormField } from "../ui/form-field.tsx";
import { useSessionCodeSender } from "./session-code-senders.ts";

/** What a proof of a money movement holds: the code mailed for `withdrawal`, and the authenticator's code. */
export interface WithdrawalProof {
  code: string;
  totpCode: string;
}

export const emptyWithdrawalProof: WithdrawalProof = { code: "", totpCode: "" };

/** The proof to send: the authenticator's code only when two-factor is on. */
export const withdrawalProofOf = ({ code, totpCode }: WithdrawalProof, secondFactorOn: boolean) =>
  secondFactorOn ? { code, totpCode } : { code };

/**
 * The proof's fields a refusal may mark: the authenticator's only when it is asked, so a refusal asking for it while
 * the dialog thought two-factor off is said above the fields rather than lost.
 */
export const withdrawalProofFieldsOf = (secondFactorOn: boolean): readonly string[] =>
  secondFactorOn ? ["code", "totpCode"] : ["code"];

/** The console's `withdrawal` code sender: its countdown outlasts a dialog closed and opened again. */
export const useWithdrawalCodeSender = () => useSessionCodeSender("withdrawal");

interface WithdrawalProofFieldsProps {
  sender: ReturnType<typeof useWithdrawalCodeSender>;
  proof: WithdrawalProof;
  onChange: (proof: WithdrawalProof) => void;
  fieldErrors: FieldErrors;
  /** Two-factor is on: the authenticator's code is asked too. */
  secondFactorOn: boolean;
}

/**
 * The proof every movement of money out asks for (a withdrawal, its approval, a new destination): where the code is
 * mailed, the code with its Send button, and the authenticator's code when two-factor is on.
 */
export function WithdrawalProofFields({
  sender,
  proof,
  onChange,
  fieldErrors,
  secondFactorOn,
}: WithdrawalProofFieldsProps) {
  const { t } = useTranslation();
  const email = useSelector(useSessionActor(), selectEmail);
  return (
    <>
      <p className="bp6-text-muted form-hint">{t("wallet.codeHint", { email })}</p>
      <CodeField
        sender={sender}
        email={email}
        code={proof.code}
        onCodeChange={(code) => onChange({ ...proof, code })}
        error={fieldErrors.code}
      />
      {secondFactorOn ? (
        <FormField
          label={t("wallet.totpCode")}
          name="totpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={proof.totpCode}
          onValueChange={(totpCode) => onChange({ ...proof, totpCode })}
          error={fieldErrors.totpCode}
        />
      ) : null}
    </>
  );
}
