import { useTranslation } from "react-i18next";
import type { AppEditFields } from "../../../machines/apps/app-edit.ts";
import type { FieldErrors } from "../../../machines/api-failure.ts";
import { FormField } from "../../ui/form-field.tsx";

export const emptyAppFields: AppEditFields = {
  name: "",
  address: "",
  rechargeCallbackUrl: "",
  withdrawCallbackUrl: "",
  withdrawAutoApproveLimit: "",
  remark: "",
};

const urlFields = ["address", "rechargeCallbackUrl", "withdrawCallbackUrl"] as const;

interface AppFieldsProps {
  form: AppEditFields;
  onChange(form: AppEditFields): void;
  fieldErrors: FieldErrors;
  /** The edit dialog's: "any address" for open-API withdrawals, with its daily limit. */
  anyAddress?: boolean;
}

/** An application's own fields, shared by the add and the edit dialog. */
export function AppFields({ form, onChange, fieldErrors, anyAddress = false }: AppFieldsProps) {
  const { t } = useTranslation();
  const set = (field: keyof AppEditFields) => (value: string) => onChange({ ...form, [field]: value });
  return (
    <>
      <FormField
        label={t("apps.columns.name")}
        name="name"
        value={form.name}
        onValueChange={set("name")}
        error={fieldErrors.name}
        autoFocus
      />
      {urlFields.map((field) => (
        <FormField
          key={field}
          label={t(`apps.columns.${field}`)}
          name={field}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={form[field]}
          onValueChange={set(field)}
          error={fieldErrors[field]}
        />
      ))}
      <FormField
        label={t("apps.columns.withdrawAutoApproveLimit")}
        name="withdrawAutoApproveLimit"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t("apps.noLimit")}
        value={form.withdrawAutoApproveLimit}
        onValueChange={set("withdrawAutoApproveLimit")}
        error={fieldErrors.withdrawAutoApproveLimit}
      />
      {anyAddress ? (
        <>
          <FormField
            label={t("apps.columns.withdrawAnyAddressDailyLimit")}
            name="withdrawAnyAddressDailyLimit"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t("apps.anyAddressOff")}
            value={form.withdrawAnyAddressDailyLimit ?? ""}
            onValueChange={set("withdrawAnyAddressDailyLimit")}
            error={fieldErrors.withdrawAnyAddressDailyLimit}
          />
          <p className="bp6-text-muted form-hint">{t("apps.anyAddressHint")}</p>
        </>
      ) : null}
      <FormField
        label={t("apps.columns.remark")}
        name="remark"
        value={form.remark}
        onValueChange={set("remark")}
        error={fieldErrors.remark}
      />
    </>
  );
}
