import { FormGroup, HTMLSelect, Spinner } from "@blueprintjs/core";
import { useId, useRef } from "react";
import { useFieldProblem } from "./field-problem.ts";
import { useTranslation } from "react-i18next";

interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A first option standing for every value (a filter's "any"); left out, one of the options must be chosen. */
  any?: string;
  options: ReadonlyArray<{ value: string; text: string }>;
  disabled?: boolean;
  /** Its options are on their way: what a spinner under its label says; the select is held and marked busy. */
  busy?: string;
  /** An i18n key (validation.*): the choice is marked and the message announced under it. */
  error?: string | undefined;
  /** The value's name in the error policy (as `FormField`'s), so a refusal of it marks this choice and focuses it. */
  name?: string;
}

/** A labelled select filling its column: a search form's filter, or a dialog's choice. */
export function SelectField({ label, value, onChange, any, options, disabled, busy, error, name }: SelectFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const refused = useFieldProblem(name, selectRef);
  const message = error ? String(t(error as never)) : refused;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      subLabel={busy ? <Spinner size={12} aria-label={busy} className="select-field-busy" /> : undefined}
      intent={message ? "danger" : "none"}
      helperText={
        message ? (
          <span id={`${id}-error`} role="alert">
            {message}
          </span>
        ) : undefined
      }
    >
      <HTMLSelect
        id={id}
        ref={selectRef}
        name={name}
        fill
        value={value}
        disabled={disabled || busy !== undefined}
        aria-busy={busy ? true : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
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
