import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppOption } from "../../../machines/lists/app-choices.ts";
import type { RedeliverFailedForm } from "../../../machines/callbacks/callback-redeliver-failed.ts";
import type { RedeliverFailedView } from "../../../machines/callbacks/callback-redeliver-failed-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";

interface RedeliverFailedDialogProps {
  view: RedeliverFailedView;
  apps: AppOption[] | null;
  onSubmit(form: RedeliverFailedForm): void;
  onClose(): void;
}

const emptyForm: RedeliverFailedForm = { since: "", appCode: "" };

/** The confirmation of "Redeliver failed": since when and for which application, then how many were queued. */
export function RedeliverFailedDialog({ view, apps, onSubmit, onClose }: RedeliverFailedDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RedeliverFailedForm>(emptyForm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form);
  };
  const done = view.phase === "done";
  // The count takes the form's place (and its button, which had the focus): Close takes the focus.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) closeRef.current?.focus();
  }, [done]);
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      onClosed={() => setForm(emptyForm)}
      isCloseButtonShown={!view.busy}
      canEscapeKeyClose={!view.busy}
      canOutsideClickClose={!view.busy}
      title={t("callbacks.redeliverFailed.title")}
      className="callback-dialog"
    >
      <form onSubmit={submit} noValidate aria-label={t("callbacks.redeliverFailed.title")}>
        <DialogBody>
          {done ? (
            <Callout intent="success" role="status" data-testid="redeliver-failed-queued">
              {t("callbacks.redeliverFailed.queued", { count: view.queued ?? 0 })}
            </Callout>
          ) : (
            <FailureScope failure={view.failure}>
              <p>{t("callbacks.redeliverFailed.explain")}</p>
              <FormField
                label={t("callbacks.redeliverFailed.since")}
                name="since"
                type="datetime-local"
                value={form.since}
                onValueChange={(since) => setForm((f) => ({ ...f, since }))}
                error={view.fieldErrors.since}
                disabled={view.busy}
              />
              {apps ? (
                <SelectField
                  label={t("callbacks.search.application")}
                  value={form.appCode}
                  onChange={(appCode) => setForm((f) => ({ ...f, appCode }))}
                  any={t("callbacks.search.anyApplication")}
                  options={apps.map((app) => ({ value: app.appCode, text: `${app.name} (${app.appCode})` }))}
                  disabled={view.busy}
                />
              ) : (
                <FormField
                  label={t("callbacks.search.appCode")}
                  name="appCode"
                  inputMode="numeric"
                  autoComplete="off"
                  value={form.appCode}
                  onValueChange={(appCode) => setForm((f) => ({ ...f, appCode }))}
                  error={view.fieldErrors.appCode}
                  disabled={view.busy}
                />
              )}
            </FailureScope>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            done ? (
              <Button ref={closeRef} text={t("callbacks.redeliverFailed.close")} onClick={onClose} />
            ) : (
              <>
                <Button text={t("common.cancel")} disabled={view.busy} onClick={onClose} />
                <Button
                  type="submit"
                  intent="primary"
                  loading={view.busy}
                  text={t("callbacks.redeliverFailed.submit")}
                />
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
