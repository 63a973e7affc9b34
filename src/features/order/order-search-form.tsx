import { Button, FormGroup, HTMLSelect } from "@blueprintjs/core";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { orderStatuses } from "../../../contracts/schemas/order.ts";
import type { OrderSearch } from "../../../machines/orders/order-list.ts";
import type { SearchFormView } from "../../../machines/orders/order-list-selectors.ts";
import { FormField } from "../../ui/form-field.tsx";

interface OrderSearchFormProps {
  view: SearchFormView;
  onSearch(search: OrderSearch): void;
  onReset(): void;
}

/** Search by status, order code and created time (spec section 2); the machine checks it before the server does. */
export function OrderSearchForm({ view, onSearch, onReset }: OrderSearchFormProps) {
  const { t } = useTranslation();
  const statusId = useId();
  const [form, setForm] = useState<OrderSearch>(view.search);
  const set = (field: keyof OrderSearch) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const { fieldErrors, busy, canSearch } = view;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };

  return (
    <form className="order-search" onSubmit={submit} noValidate aria-label={t("orders.search.label")}>
      <FormGroup label={t("orders.search.status")} labelFor={statusId}>
        <HTMLSelect
          id={statusId}
          fill
          value={form.status}
          onChange={(event) => set("status")(event.currentTarget.value)}
        >
          <option value="">{t("orders.search.anyStatus")}</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`orders.status.${status}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormField
        label={t("orders.search.orderCode")}
        inputMode="numeric"
        autoComplete="off"
        value={form.orderCode}
        onValueChange={set("orderCode")}
        error={fieldErrors.orderCode}
      />
      <FormField
        label={t("orders.search.startTime")}
        type="datetime-local"
        value={form.startTime}
        onValueChange={set("startTime")}
        error={fieldErrors.startTime}
      />
      <FormField
        label={t("orders.search.endTime")}
        type="datetime-local"
        value={form.endTime}
        onValueChange={set("endTime")}
        error={fieldErrors.endTime}
      />
      <div className="order-search-actions">
        <Button type="submit" intent="primary" loading={busy} disabled={!canSearch} text={t("orders.search.submit")} />
        <Button type="button" disabled={!canSearch} text={t("orders.search.reset")} onClick={onReset} />
      </div>
    </form>
  );
}
