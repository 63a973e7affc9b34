import { Callout } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppOption } from "../../../machines/lists/app-choices.ts";
import type { RedeliverFailedForm } from "../../../machines/callbacks/callback-redeliver-failed.ts";
import type { RedeliverFailedView } from "../../../machines/callbacks/callback-redeliver-failed-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { AppField } from "./app-field.tsx";
import { CallbackFormDialog } from "./callback-form-dialog.tsx";

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
  const done = view.phase === "done";
  return (
    <CallbackFormDialog
      open={view.open}
      busy={view.busy}
      title={t("callbacks.redeliverFailed.title")}
      done={done}
      submitText={t("callbacks.redeliverFailed.submit")}
      closeText={t("callbacks.redeliverFailed.close")}
      onSubmit={() => onSubmit(form)}
      onClose={onClose}
      onClosed={() => setForm(emptyForm)}
    >
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
          <AppField
            choices={apps}
            label={t("callbacks.search.application")}
            any={t("callbacks.search.anyApplication")}
            value={form.appCode}
            onChange={(appCode) => setForm((f) => ({ ...f, appCode }))}
            error={view.fieldErrors.appCode}
            disabled={view.busy}
          />
        </FailureScope>
      )}
    </CallbackFormDialog>
  );
}
