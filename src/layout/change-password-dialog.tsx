import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { changePasswordMachine } from "../../machines/user/change-password.ts";
import type { codeSenderMachine } from "../../machines/auth/code-sender.ts";
import { CodeField } from "../app/code-field.tsx";
import { FormDialog } from "../app/form-dialog.tsx";
import { FormField } from "../ui/form-field.tsx";
import { NewPasswordFields } from "../ui/new-password-fields.tsx";

const emptyForm = { oldPassword: "", password: "", repeatPassword: "", code: "" };

interface ChangePasswordDialogProps {
  actor: ActorRefFrom<typeof changePasswordMachine>;
  /** Mails the code that proves the change is the owner's, to the signed-in merchant's `email`. */
  sender: ActorRefFrom<typeof codeSenderMachine>;
  email: string;
}

/**
 * Old password, new password, repeat (spec section 2), and a code mailed to the account, driven by the changePassword
 * machine.
 */
export function ChangePasswordDialog({ actor, sender, email }: ChangePasswordDialogProps) {
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
        name="oldPassword"
        autoFocus
      />
      <NewPasswordFields
        passwordLabel="fields.newPassword"
        password={form.password}
        repeatPassword={form.repeatPassword}
        onPasswordChange={set("password")}
        onRepeatPasswordChange={set("repeatPassword")}
        errors={fieldErrors}
      />
      <p className="bp6-text-muted form-hint">{t("password.codeHint", { email })}</p>
      <CodeField sender={sender} email={email} code={form.code} onCodeChange={set("code")} error={fieldErrors.code} />
    </FormDialog>
  );
}
