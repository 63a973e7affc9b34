import { useTranslation } from "react-i18next";
import { FormField } from "./form-field.tsx";

interface NewPasswordFieldsProps {
  password: string;
  repeatPassword: string;
  onPasswordChange(value: string): void;
  onRepeatPasswordChange(value: string): void;
  errors: { password?: string | undefined; repeatPassword?: string | undefined };
  /** "fields.password" on sign-up, "fields.newPassword" where a password is changed or reset. */
  passwordLabel: "fields.password" | "fields.newPassword";
  autoFocus?: boolean;
}

/** A new password, the rules it must follow, and the same password again: sign-up, reset and change. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t(props.passwordLabel)}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onValueChange={props.onPasswordChange}
        error={props.errors.password}
        name="password"
        autoFocus={props.autoFocus}
      />
      <p className="bp6-text-muted form-hint">{t("validation.passwordRules")}</p>
      <FormField
        label={t("fields.repeatPassword")}
        type="password"
        autoComplete="new-password"
        value={props.repeatPassword}
        onValueChange={props.onRepeatPasswordChange}
        error={props.errors.repeatPassword}
        name="repeatPassword"
      />
    </>
  );
}
