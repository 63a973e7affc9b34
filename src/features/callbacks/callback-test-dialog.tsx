import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, RadioGroup } from "@blueprintjs/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type CallbackTarget, callbackTargets } from "../../../contracts/schemas/callbacks.ts";
import type { AppOption } from "../../../machines/lists/app-choices.ts";
import type { CallbackTestForm } from "../../../machines/callbacks/callback-test.ts";
import type { CallbackTestView } from "../../../machines/callbacks/callback-test-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { routePaths } from "../../app/route-names.ts";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { CallbackAnswer } from "./callback-answer.tsx";

interface CallbackTestDialogProps {
  view: CallbackTestView;
  apps: AppOption[] | null;
  onSend(form: CallbackTestForm): void;
  onAgain(): void;
  onClose(): void;
}

const emptyForm: CallbackTestForm = { appCode: "", target: "recharge" };

/** A signed test event to one of an application's callback URLs, and the receiver's answer at once. */
export function CallbackTestDialog({ view, apps, onSend, onAgain, onClose }: CallbackTestDialogProps) {
  const { t } = useTranslation();
  const choices = apps && apps.length > 0 ? apps : null;
  const [form, setForm] = useState<CallbackTestForm>(emptyForm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(form);
  };
  const answer = view.answer;
  // The answer takes the form's place (and its Send button, which had the focus): Close takes the focus, so the
  // keyboard stays in the dialog and Escape still closes it.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (answer) closeRef.current?.focus();
  }, [answer]);
  return (
    <Dialog
      isOpen={view.open}
      onClose={onClose}
      onClosed={() => setForm(emptyForm)}
      isCloseButtonShown={!view.busy}
      canEscapeKeyClose={!view.busy}
      canOutsideClickClose={!view.busy}
      title={t("callbacks.test.title")}
      className="callback-dialog"
    >
      <form onSubmit={submit} noValidate aria-label={t("callbacks.test.title")}>
        <DialogBody>
          {answer ? (
            <CallbackAnswer attempt={answer} testId="test-answer" />
          ) : (
            <FailureScope failure={view.failure} fields={["appCode"]}>
              <p>{t("callbacks.test.explain")}</p>
              {apps?.length === 0 ? (
                <Callout intent="warning" className="callback-no-apps" data-testid="test-no-apps">
                  {t("callbacks.test.noApps")} <Link to={routePaths.app}>{t("callbacks.toApps")}</Link>
                </Callout>
              ) : null}
              {choices ? (
                <SelectField
                  label={t("callbacks.test.application")}
                  value={form.appCode}
                  onChange={(appCode) => setForm((f) => ({ ...f, appCode }))}
                  any={t("callbacks.test.chooseApplication")}
                  error={view.fieldErrors.appCode}
                  options={choices.map((app) => ({ value: app.appCode, text: `${app.name} (${app.appCode})` }))}
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
              <FormGroup>
                <RadioGroup
                  label={t("callbacks.test.target")}
                  selectedValue={form.target}
                  disabled={view.busy}
                  onChange={(event) => {
                    const target = event.currentTarget.value as CallbackTarget;
                    setForm((f) => ({ ...f, target }));
                  }}
                  options={callbackTargets.map((target) => ({
                    value: target,
                    label: t(`callbacks.target.${target}`),
                  }))}
                />
              </FormGroup>
            </FailureScope>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            answer ? (
              <>
                <Button ref={closeRef} text={t("callbacks.test.close")} onClick={onClose} />
                <Button intent="primary" text={t("callbacks.test.again")} onClick={onAgain} />
              </>
            ) : (
              <>
                <Button text={t("common.cancel")} disabled={view.busy} onClick={onClose} />
                <Button type="submit" intent="primary" loading={view.busy} text={t("callbacks.test.send")} />
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
