import { useTranslation } from "react-i18next";
import type { AppOption } from "../../../machines/lists/app-choices.ts";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";

interface AppFieldProps {
  /** The merchant's applications to choose from; null where that list is not at hand: the code is typed. */
  choices: AppOption[] | null;
  /** The select's label, and its first option (no application chosen). */
  label: string;
  any: string;
  value: string;
  onChange(appCode: string): void;
  error: string | undefined;
  disabled: boolean;
}

/** A callbacks dialog's application: chosen from the merchant's applications, or its code typed. */
export function AppField({ choices, label, any, value, onChange, error, disabled }: AppFieldProps) {
  const { t } = useTranslation();
  return choices ? (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      any={any}
      error={error}
      options={choices.map((app) => ({ value: app.appCode, text: `${app.name} (${app.appCode})` }))}
      disabled={disabled}
    />
  ) : (
    <FormField
      label={t("callbacks.search.appCode")}
      name="appCode"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onValueChange={onChange}
      error={error}
      disabled={disabled}
    />
  );
}
