import { Button, FormGroup, InputGroup } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { codeSenderMachine } from "../../machines/auth/code-sender.ts";
import { selectSendingCode } from "../../machines/auth/code-sender-selectors.ts";
import { FailureScope } from "./failure-callout.tsx";
import { useValueBeforeHydration } from "../ui/before-hydration.ts";
import { useFieldProblem } from "../ui/field-problem.ts";

// Sending a code refuses no field of its own: an e-mail it refuses is said above (the e-mail field is outside).
const noFields: readonly string[] = [];

interface CodeFieldProps {
  sender: ActorRefFrom<typeof codeSenderMachine>;
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  error?: string | undefined;
}

/** The verification code input with its Send / Resend button and countdown. */
export function CodeField({ sender, email, code, onCodeChange, error }: CodeFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useValueBeforeHydration(inputRef, code, onCodeChange);
  const sending = useSelector(sender, selectSendingCode);
  const cooldown = useSelector(sender, (s) => s.context.cooldown);
  const sentOnce = useSelector(sender, (s) => s.context.sentOnce);
  const failure = useSelector(sender, (s) => s.context.failure);
  const canSend = useSelector(sender, (s) => s.can({ type: "code.send", email }));
  const refused = useFieldProblem("code", inputRef);
  const message = error ? (i18n.exists(error) ? String(t(error as never)) : error) : refused;

  const label = cooldown > 0 ? t("code.resendIn", { seconds: cooldown }) : sentOnce ? t("code.resend") : t("code.send");
  return (
    <>
      <FailureScope failure={failure} fields={noFields} />
      <FormGroup
        label={t("fields.code")}
        labelFor={id}
        intent={message ? "danger" : "none"}
        helperText={
          message ? (
            <span id={`${id}-error`} role="alert">
              {message}
            </span>
          ) : undefined
        }
      >
        <div className="code-row">
          <InputGroup
            id={id}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onValueChange={onCodeChange}
            inputRef={inputRef}
            intent={message ? "danger" : "none"}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
          <Button
            className="code-send"
            text={label}
            loading={sending}
            disabled={!canSend}
            onClick={() => sender.send({ type: "code.send", email })}
            aria-live="polite"
          />
        </div>
      </FormGroup>
    </>
  );
}
