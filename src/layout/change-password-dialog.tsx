import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { changePasswordMachine } from "../../machines/change-password.ts";
import { FailureCallout } from "../ui/failure-callout.tsx";
import { FormField } from "../ui/form-field.tsx";

/** Old password, new password, repeat (spec section 2), driven by the changePassword machine. */
export function ChangePasswordDialog({ actor }: { actor: ActorRefFrom<typeof changePasswordMachine> }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => !s.matches("closed"));
  const busy = useSelector(actor, (s) => s.matches("submitting"));
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const [form, setForm] = useState({ oldPassword: "", password: "", repeatPassword: "" });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "password.submit", ...form });
  };
  return (
    <Dialog isOpen={open} title={t("password.title")} onClose={() => actor.send({ type: "dialog.close" })} onClosed={() => setForm({ oldPassword: "", password: "", repeatPassword: "" })}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FailureCallout failure={failure} />
          <FormField label={t("fields.oldPassword")} type="password" autoComplete="current-password" value={form.oldPassword} onValueChange={set("oldPassword")} error={fieldErrors.oldPassword} autoFocus />
          <FormField label={t("fields.newPassword")} type="password" autoComplete="new-password" value={form.password} onValueChange={set("password")} error={fieldErrors.password} />
          <p className="bp6-text-muted form-hint">{t("validation.passwordRules")}</p>
          <FormField label={t("fields.repeatPassword")} type="password" autoComplete="new-password" value={form.repeatPassword} onValueChange={set("repeatPassword")} error={fieldErrors.repeatPassword} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("common.cancel")} disabled={busy} onClick={() => actor.send({ type: "dialog.close" })} />
              <Button type="submit" intent="primary" loading={busy} text={t("password.submit")} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
