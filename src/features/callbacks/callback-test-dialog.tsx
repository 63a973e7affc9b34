import { Button, Callout, FormGroup, RadioGroup } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type CallbackTarget, callbackTargets } from "../../../contracts/schemas/callbacks.ts";
import type { AppOption } from "../../../machines/lists/app-choices.ts";
import type { CallbackTestForm } from "../../../machines/callbacks/callback-test.ts";
import type { CallbackTestView } from "../../../machines/callbacks/callback-test-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { routePaths } from "../../app/route-names.ts";
import { AppField } from "./app-field.tsx";
import { CallbackAnswer } from "./callback-answer.tsx";
import { CallbackFormDialog } from "./callback-form-dialog.tsx";

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
  const [form, setForm] = useState<CallbackTestForm>(emptyForm);
  const answer = view.answer;
  return (
    <CallbackFormDialog
      open={view.open}
      busy={view.busy}
      title={t("callbacks.test.title")}
      done={answer !== null}
      submitText={t("callbacks.test.send")}
      closeText={t("callbacks.test.close")}
      doneActions={<Button intent="primary" text={t("callbacks.test.again")} onClick={onAgain} />}
      onSubmit={() => onSend(form)}
      onClose={onClose}
      onClosed={() => setForm(emptyForm)}
    >
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
          <AppField
            choices={apps && apps.length > 0 ? apps : null}
            label={t("callbacks.test.application")}
            any={t("callbacks.test.chooseApplication")}
            value={form.appCode}
            onChange={(appCode) => setForm((f) => ({ ...f, appCode }))}
            error={view.fieldErrors.appCode}
            disabled={view.busy}
          />
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
    </CallbackFormDialog>
  );
}
