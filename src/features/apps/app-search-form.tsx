import { Button, FormGroup, HTMLSelect } from "@blueprintjs/core";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AppStatus, appStatuses } from "../../../contracts/schemas/apps.ts";
import type { AppSearch } from "../../../machines/apps/app-list.ts";
import type { AppSearchView } from "../../../machines/apps/app-list-selectors.ts";
import { FormField } from "../../ui/form-field.tsx";

/** Status and a part of the name; the server filters. */
export function AppSearchForm({ view, onSearch }: { view: AppSearchView; onSearch(form: AppSearch): void }) {
  const { t } = useTranslation();
  const statusId = useId();
  const [form, setForm] = useState<AppSearch>(view.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };
  return (
    <form className="app-search" aria-label={t("apps.search.label")} onSubmit={submit} noValidate>
      <FormGroup label={t("apps.columns.status")} labelFor={statusId}>
        <HTMLSelect
          id={statusId}
          fill
          value={form.status}
          onChange={(e) => setForm({ ...form, status: e.currentTarget.value as AppStatus | "" })}
        >
          <option value="">{t("apps.search.anyStatus")}</option>
          {appStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`apps.status.${status}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormField
        label={t("apps.columns.name")}
        value={form.name}
        onValueChange={(name) => setForm({ ...form, name })}
        error={view.fieldErrors.name}
      />
      <div className="app-search-actions">
        <Button type="submit" intent="primary" text={t("apps.search.submit")} loading={view.busy} />
      </div>
    </form>
  );
}
