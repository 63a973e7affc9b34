import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { changePasswordMachine } from "../../machines/account/change-password.ts";
import { FormDialog } from "../app/form-dialog.tsx";
import { FormField } from "../ui/form-field.tsx";

const emptyForm = { oldPassword: "", password: "", repeatPassword: "" };

/** Old password, new password, repeat (spec section 2), driven by the changePassword machine. */
export function ChangePasswordDialog({ actor }: { actor: ActorRefFrom<typeof changePasswordMachine> }) {
  const { t } = useTranslation();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const [form, setForm] = useState(emptyForm);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  return (
    <FormDialog
      actor={actor}
      title={t("password.title")}
      submitText={t("password.submit")}
      onSubmit={() => actor.send({ type: "password.submit", ...form })}
      onClosed={() => setForm(emptyForm)}
    >
      <FormField
        label={t("fields.oldPassword")}
        type="password"
        autoComplete="current-password"
        value={form.oldPassword}
        onValueChange={set("oldPassword")}
        error={fieldErrors.oldPassword}
        autoFocus
      />
      <FormField
        label={t("fields.newPassword")}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onValueChange={set("password")}
        error={fieldErrors.password}
      />
      <p className="bp6-text-muted form-hint">{t("validation.passwordRules")}</p>
      <FormField
        label={t("fields.repeatPassword")}
        type="password"
        autoComplete="new-password"
        value={form.repeatPassword}
        onValueChange={set("repeatPassword")}
        error={fieldErrors.repeatPassword}
      />
    </FormDialog>
  );
}
