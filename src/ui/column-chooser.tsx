import { Button, Checkbox, PopoverNext } from "@blueprintjs/core";
import { ColumnLayout } from "@blueprintjs/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface ColumnChooserProps {
  /** The list: its columns' names are `<area>.columns.<key>`. */
  area: string;
  /** Every column of the list, in order, and which of them show now. */
  columns: ReadonlyArray<{ key: string; fixed: boolean }>;
  shown: readonly string[];
  /** The columns to show from now on (in the list's order); null: the list's own. */
  onChoose(keys: readonly string[] | null): void;
}

/** Which columns a list's table shows: a check box each (the row's name always shows), and back to the list's own. */
export function ColumnChooser({ area, columns, shown, onChoose }: ColumnChooserProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const toggle = (key: string) => {
    const next = shown.includes(key) ? shown.filter((k) => k !== key) : [...shown, key];
    onChoose(columns.map((column) => column.key).filter((k) => next.includes(k)));
  };
  const content = (
    <fieldset className="column-chooser" aria-labelledby={legendId}>
      <legend id={legendId} className="column-chooser-legend">
        {t("listColumns.legend")}
      </legend>
      {columns.map((column) => (
        <Checkbox
          key={column.key}
          label={String(t(`${area}.columns.${column.key}` as never))}
          checked={shown.includes(column.key)}
          disabled={column.fixed}
          onChange={() => toggle(column.key)}
        />
      ))}
      <Button variant="minimal" size="small" text={t("listColumns.reset")} onClick={() => onChoose(null)} />
    </fieldset>
  );
  return (
    <PopoverNext placement="bottom-end" content={content}>
      <Button variant="minimal" icon={<ColumnLayout />} text={t("listColumns.open")} data-testid={`${area}-columns`} />
    </PopoverNext>
  );
}
