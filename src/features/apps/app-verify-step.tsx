import { Button, DialogBody, DialogFooter } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { appEditMachine } from "../../../machines/apps/app-edit.ts";
import type { AppEditView } from "../../../machines/apps/app-edit-selectors.ts";
import type { codeSenderMachine } from "../../../machines/auth/code-sender.ts";
import { CodeField } from "../../app/code-field.tsx";
import { FailureScope } from "../../app/failure-callout.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { RotateChoicesFields } from "./app-rotate-step.tsx";

interface AppVerifyStepProps {
  view: Extract<AppEditView, { kind: "verify" }>;
  actor: ActorRefFrom<typeof appEditMachine>;
  sender: ActorRefFrom<typeof codeSenderMachine>;
  email: string;
}

/**
 * The e-mail code (and the authenticator's once the server asks for it); which secret a rotation replaces, and its grace
 * window, are chosen here. One code opens the application's verified window: the page says for how long.
 */
export function AppVerifyStep({ view, actor, sender, email }: AppVerifyStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [totpCode, setTotpCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "verify.submit", code, totpCode });
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <p>{t(`apps.verify.${view.action}`)}</p>
        <p className="bp6-text-muted form-hint">{t("apps.verify.codeHint", { email })}</p>
        <p className="bp6-text-muted form-hint">{t("apps.verify.window", { minutes: view.windowMinutes })}</p>
        <FailureScope failure={view.failure} fields={view.refusableFields}>
          {view.action === "rotate" ? <RotateChoicesFields choices={view} actor={actor} /> : null}
          <CodeField sender={sender} email={email} code={code} onCodeChange={setCode} error={view.fieldErrors.code} />
          {view.needsTotp ? (
            <FormField
              label={t("apps.verify.totpCode")}
              name="totpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={totpCode}
              onValueChange={setTotpCode}
              error={view.fieldErrors.totpCode}
              autoFocus
            />
          ) : null}
        </FailureScope>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("common.cancel")} onClick={() => actor.send({ type: "dialog.close" })} />
            <Button type="submit" intent="primary" loading={view.busy} text={t("apps.verify.submit")} />
          </>
        }
      />
    </form>
  );
}
