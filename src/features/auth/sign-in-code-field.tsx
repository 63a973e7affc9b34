import { useActorRef } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { CodeField } from "../../app/code-field.tsx";
import { useServices } from "../../app/services-context.tsx";
import { provideCodeSender } from "../../app/code-sender-service.ts";

interface SignInCodeFieldProps {
  /** The e-mail typed above: the code is mailed to that account. */
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  error?: string | undefined;
}

/**
 * The sign-in form's code mailed to the account, offered once its sign-in is throttled (errCode 2011): the
 * field with its Send / Resend button and countdown. The code goes with the password; it never signs in by itself.
 */
export function SignInCodeField({ email, code, onCodeChange, error }: SignInCodeFieldProps) {
  const { t } = useTranslation();
  const sender = useActorRef(provideCodeSender(useServices()), { input: { purpose: "sign-in" } });
  return (
    <>
      <CodeField sender={sender} email={email} code={code} onCodeChange={onCodeChange} error={error} />
      <p className="bp6-text-muted form-hint">{t("login.mailCodeHint")}</p>
    </>
  );
}
