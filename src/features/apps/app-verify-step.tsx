import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect } from "@blueprintjs/core";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { AppSecretKind, GraceWindow } from "../../../contracts/schemas/apps.ts";
import type { appEditMachine } from "../../../machines/apps/app-edit.ts";
import type { AppEditView } from "../../../machines/apps/app-edit-selectors.ts";
import type { codeSenderMachine } from "../../../machines/auth/code-sender.ts";
import { CodeField } from "../../app/code-field.tsx";
import { FailureScope } from "../../app/failure-callout.tsx";
import { FormField } from "../../ui/form-field.tsx";

interface AppVerifyStepProps {
  view: Extract<AppEditView, { kind: "verify" }>;
  actor: ActorRefFrom<typeof appEditMachine>;
  sender: ActorRefFrom<typeof codeSenderMachine>;
  email: string;
}

/**
 * The e-mail code (and the authenticator's once the server asks for it); which secret a rotation replaces, and its grace
 * window, are chosen here.
 */
export function AppVerifyStep({ view, actor, sender, email }: AppVerifyStepProps) {
  const { t } = useTranslation();
  const graceId = useId();
  const secretId = useId();
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
        <FailureScope failure={view.failure} fields={view.refusableFields}>
          {view.action === "rotate" ? (
            <FormGroup label={t("apps.rotateWhich.label")} labelFor={secretId}>
              <HTMLSelect
                id={secretId}
                value={view.rotateSecret}
                onChange={(e) => actor.send({ type: "rotate.secret", secret: e.currentTarget.value as AppSecretKind })}
              >
                {view.secretKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`apps.rotateWhich.${kind}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : null}
          {view.action === "rotate" ? (
            <FormGroup label={t("apps.grace.label")} labelFor={graceId} helperText={t("apps.grace.hint")}>
              <HTMLSelect
                id={graceId}
                value={view.graceWindow}
                onChange={(e) =>
                  actor.send({ type: "rotate.grace", graceWindow: e.currentTarget.value as GraceWindow })
                }
              >
                {view.graceWindows.map((grace) => (
                  <option key={grace} value={grace}>
                    {t(`apps.grace.${grace}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : null}
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
