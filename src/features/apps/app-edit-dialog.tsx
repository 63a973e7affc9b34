import { Button, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { appEditMachine } from "../../../machines/apps/app-edit.ts";
import { type AppEditView, selectAppEditView } from "../../../machines/apps/app-edit-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { AppCredentialsView } from "./app-credentials.tsx";
import { AppFields } from "./app-fields.tsx";
import { AppVerifyStep } from "./app-verify-step.tsx";
import { useSessionCodeSender } from "../../app/session-code-senders.ts";

type Actor = ActorRefFrom<typeof appEditMachine>;

/**
 * appEdit's dialog: the e-mail code first (inside the application's verified window, none: a rotation only asks what to
 * rotate), then the edit form or the credentials (new ones after a rotation).
 */
export function AppEditDialog({ actor, email }: { actor: Actor; email: string }) {
  const { t } = useTranslation();
  const sender = useSessionCodeSender("application");
  const view = useSelector(actor, selectAppEditView);
  const close = () => actor.send({ type: "dialog.close" });
  return (
    <Dialog
      isOpen={view.kind !== "closed"}
      title={view.kind === "closed" ? "" : titleOf(view, t)}
      onClose={close}
      className="app-edit-dialog"
    >
      {view.kind === "verify" ? <AppVerifyStep view={view} actor={actor} sender={sender} email={email} /> : null}
      {view.kind === "edit" ? <EditStep key={view.app.appCode} view={view} actor={actor} /> : null}
      {view.kind === "credentials" ? (
        <>
          <DialogBody>
            {view.busy ? (
              <div className="list-table-status" role="status" aria-busy="true">
                <Spinner size={24} aria-label={t("common.loading")} />
                <span>{t("common.loading")}</span>
              </div>
            ) : (
              <AppCredentialsView view={view} />
            )}
          </DialogBody>
          <DialogFooter
            actions={
              view.busy ? (
                <Button text={t("common.cancel")} onClick={close} />
              ) : (
                <Button intent="primary" text={t("apps.done")} onClick={close} />
              )
            }
          />
        </>
      ) : null}
    </Dialog>
  );
}

function titleOf(view: Exclude<AppEditView, { kind: "closed" }>, t: ReturnType<typeof useTranslation>["t"]): string {
  const action =
    view.kind === "verify" ? view.action : view.kind === "edit" ? "edit" : view.rotated ? "rotate" : "credentials";
  // The key's type widened: with a template key and the whole key table the compiler gives up ("excessively deep").
  return String(t(`apps.titles.${action}` as never, { name: view.app.name } as never));
}

function EditStep({ view, actor }: { view: Extract<AppEditView, { kind: "edit" }>; actor: Actor }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(view.fields);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "edit.submit", ...form });
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <FailureScope failure={view.failure}>
          <AppFields form={form} onChange={setForm} fieldErrors={view.fieldErrors} anyAddress />
        </FailureScope>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("common.cancel")} onClick={() => actor.send({ type: "dialog.close" })} />
            <Button type="submit" intent="primary" loading={view.busy} text={t("common.save")} />
          </>
        }
      />
    </form>
  );
}
