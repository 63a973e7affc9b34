import { Button } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { attemptResults, callbackEventTypes } from "../../../contracts/schemas/callbacks.ts";
import type { CallbackSearch } from "../../../machines/callbacks/callback-list.ts";
import type { CallbackSearchView } from "../../../machines/callbacks/callback-list-selectors.ts";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";

interface CallbackSearchFormProps {
  view: CallbackSearchView;
  onSearch(search: CallbackSearch): void;
  onReset(): void;
}

/** Application, event type, result, send time and bill number; the machine checks them before the server does. */
export function CallbackSearchForm({ view, onSearch, onReset }: CallbackSearchFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CallbackSearch>(view.search);
  const set = (field: keyof CallbackSearch) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { fieldErrors, busy, canSearch } = view;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };

  return (
    <form className="list-search" onSubmit={submit} noValidate aria-label={t("callbacks.search.label")}>
      {view.apps ? (
        <SelectField
          label={t("callbacks.search.application")}
          value={form.appCode}
          onChange={set("appCode")}
          any={t("callbacks.search.anyApplication")}
          options={view.apps.map((app) => ({ value: app.appCode, text: `${app.name} (${app.appCode})` }))}
        />
      ) : (
        <FormField
          label={t("callbacks.search.appCode")}
          name="appCode"
          inputMode="numeric"
          autoComplete="off"
          value={form.appCode}
          onValueChange={set("appCode")}
          error={fieldErrors.appCode}
        />
      )}
      <SelectField
        label={t("callbacks.search.eventType")}
        value={form.eventType}
        onChange={set("eventType")}
        any={t("callbacks.search.any")}
        options={callbackEventTypes.map((type) => ({ value: type, text: t(`callbacks.eventType.${type}`) }))}
      />
      <SelectField
        label={t("callbacks.search.result")}
        value={form.result}
        onChange={set("result")}
        any={t("callbacks.search.any")}
        options={attemptResults.map((result) => ({ value: result, text: t(`callbacks.result.${result}`) }))}
      />
      <FormField
        label={t("callbacks.search.startTime")}
        name="startTime"
        type="datetime-local"
        value={form.startTime}
        onValueChange={set("startTime")}
        error={fieldErrors.startTime}
      />
      <FormField
        label={t("callbacks.search.endTime")}
        name="endTime"
        type="datetime-local"
        value={form.endTime}
        onValueChange={set("endTime")}
        error={fieldErrors.endTime}
      />
      <FormField
        label={t("callbacks.search.billNo")}
        name="billNo"
        inputMode="numeric"
        autoComplete="off"
        value={form.billNo}
        onValueChange={set("billNo")}
        error={fieldErrors.billNo}
      />
      <div className="list-search-actions">
        <Button
          type="submit"
          intent="primary"
          loading={busy}
          disabled={!canSearch}
          text={t("callbacks.search.submit")}
        />
        <Button type="button" disabled={!canSearch} text={t("callbacks.search.reset")} onClick={onReset} />
      </div>
    </form>
  );
}
