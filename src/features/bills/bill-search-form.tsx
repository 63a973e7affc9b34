import { Button } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { billStatuses, noticeStatuses } from "../../../contracts/schemas/bills.ts";
import type { BillSearch } from "../../../machines/bills/bill-list.ts";
import type { BillSearchView } from "../../../machines/bills/bill-list-selectors.ts";
import { FormField } from "../../ui/form-field.tsx";
import { SelectField } from "../../ui/select-field.tsx";

interface BillSearchFormProps {
  view: BillSearchView;
  onSearch(search: BillSearch): void;
  onReset(): void;
}

/**
 * Application, status, notice status, pay time, transaction hash and address (spec section 3's filters); the machine
 * checks them before the server does.
 */
export function BillSearchForm({ view, onSearch, onReset }: BillSearchFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<BillSearch>(view.search);
  const set = (field: keyof BillSearch) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { fieldErrors, busy, canSearch } = view;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };

  return (
    <form className="list-search" onSubmit={submit} noValidate aria-label={t("bills.search.label")}>
      {view.apps ? (
        <SelectField
          label={t("bills.search.application")}
          value={form.appCode}
          onChange={set("appCode")}
          any={t("bills.search.anyApplication")}
          options={view.apps.map((app) => ({ value: app.appCode, text: `${app.name} (${app.appCode})` }))}
        />
      ) : (
        <FormField
          label={t("bills.search.appCode")}
          name="appCode"
          inputMode="numeric"
          autoComplete="off"
          value={form.appCode}
          onValueChange={set("appCode")}
          error={fieldErrors.appCode}
        />
      )}
      <SelectField
        label={t("bills.search.status")}
        value={form.status}
        onChange={set("status")}
        any={t("bills.search.anyStatus")}
        options={billStatuses.map((status) => ({ value: status, text: t(`bills.status.${status}`) }))}
      />
      <SelectField
        label={t("bills.search.noticeStatus")}
        value={form.noticeStatus}
        onChange={set("noticeStatus")}
        any={t("bills.search.anyStatus")}
        options={noticeStatuses.map((status) => ({ value: status, text: t(`bills.notice.${status}`) }))}
      />
      <FormField
        label={t("bills.search.startTime")}
        name="startTime"
        type="datetime-local"
        value={form.startTime}
        onValueChange={set("startTime")}
        error={fieldErrors.startTime}
      />
      <FormField
        label={t("bills.search.endTime")}
        name="endTime"
        type="datetime-local"
        value={form.endTime}
        onValueChange={set("endTime")}
        error={fieldErrors.endTime}
      />
      <FormField
        label={t("bills.search.txHash")}
        name="txHash"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        value={form.txHash}
        onValueChange={set("txHash")}
        error={fieldErrors.txHash}
      />
      <FormField
        label={t("bills.search.address")}
        name="address"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        value={form.address}
        onValueChange={set("address")}
        error={fieldErrors.address}
      />
      <div className="list-search-actions">
        <Button type="submit" intent="primary" loading={busy} disabled={!canSearch} text={t("bills.search.submit")} />
        <Button type="button" disabled={!canSearch} text={t("bills.search.reset")} onClick={onReset} />
      </div>
    </form>
  );
}
