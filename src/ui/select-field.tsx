import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useId } from "react";

interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A first option standing for every value (a filter's "any"); left out, one of the options must be chosen. */
  any?: string;
  options: ReadonlyArray<{ value: string; text: string }>;
  disabled?: boolean;
}

/** A labelled select filling its column: a search form's filter, or a dialog's choice. */
export function SelectField({ label, value, onChange, any, options, disabled }: SelectFieldProps) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {any === undefined ? null : <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
