import { Button } from "@blueprintjs/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListArea, ListSearch, SearchField } from "../../machines/lists/list-area.ts";
import type { ListSearchView } from "../../machines/lists/list-selectors.ts";
import { FormField } from "./form-field.tsx";
import { SelectField } from "./select-field.tsx";

interface ListSearchFormProps {
  area: Pick<ListArea, "name" | "fields">;
  view: ListSearchView;
  onSearch(search: ListSearch): void;
  onReset(): void;
}

/**
 * A list's search form drawn from its area's fields (machines/lists/list-area.ts): selects, text fields and the time
 * range, with Search and Reset. The list machine checks the fields before the server does; its problems show here.
 */
export function ListSearchForm({ area, view, onSearch, onReset }: ListSearchFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ListSearch>(view.search);
  const { fieldErrors, busy, canSearch } = view;
  const say = (key: string) => String(t(key as never));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(form);
  };

  const fieldOf = (field: SearchField) => {
    const value = form[field.name] ?? "";
    const onChange = (next: string) => setForm((f) => ({ ...f, [field.name]: next }));
    const label = `${area.name}.search.${field.name}`;
    const error = fieldErrors[field.name];
    if (field.kind === "application" && view.choices)
      return (
        <SelectField
          key={field.name}
          label={say(`${area.name}.search.application`)}
          value={value}
          onChange={onChange}
          any={say(`${area.name}.search.anyApplication`)}
          options={view.choices.map((app) => ({ value: app.appCode, text: `${app.name} (${app.appCode})` }))}
        />
      );
    if (field.kind === "choice")
      return (
        <SelectField
          key={field.name}
          label={say(label)}
          value={value}
          onChange={onChange}
          any={say(field.any)}
          options={field.options.map((option) => ({ value: option, text: say(`${field.optionLabels}.${option}`) }))}
        />
      );
    const time = field.kind === "from" || field.kind === "until";
    const numeric = field.kind === "application" || (field.kind === "text" && field.numeric);
    const code = field.kind === "text" ? field.code : undefined;
    return (
      <FormField
        key={field.name}
        label={say(label)}
        name={field.name}
        type={time ? "datetime-local" : undefined}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete={time ? undefined : "off"}
        spellCheck={code ? false : undefined}
        placeholder={code === "hex" ? "0x…" : undefined}
        value={value}
        onValueChange={onChange}
        error={error}
      />
    );
  };

  return (
    <form className="list-search" onSubmit={submit} noValidate aria-label={say(`${area.name}.search.label`)}>
      {area.fields.map(fieldOf)}
      <div className="list-search-actions">
        <Button
          type="submit"
          intent="primary"
          loading={busy}
          disabled={!canSearch}
          text={say(`${area.name}.search.submit`)}
        />
        <Button type="button" disabled={!canSearch} text={say(`${area.name}.search.reset`)} onClick={onReset} />
      </div>
    </form>
  );
}
