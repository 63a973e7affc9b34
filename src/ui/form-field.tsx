import { FormGroup, InputGroup, type InputGroupProps } from "@blueprintjs/core";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useValueBeforeHydration } from "./before-hydration.ts";
import { useFieldProblem } from "./field-problem.ts";

interface FormFieldProps extends Omit<InputGroupProps, "id" | "intent" | "inputRef"> {
  label: string;
  /** An i18n key (validation.* / errors.*) or an already translated message. */
  error?: string | undefined;
  /**
   * The value's name in the error policy (src/api/error-policy-page.ts: the request's field, or the policy's name where
   * the request has another, as `address` for a destination), so a refusal of it marks this field (`FieldProblemContext`).
   */
  name?: string;
}

/** A labelled text input whose error is announced to screen readers and tied to the input. */
export function FormField({ label, error, ...input }: FormFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useValueBeforeHydration(inputRef, input.value, input.onValueChange);
  const refused = useFieldProblem(input.name, inputRef);
  const message = error ? (i18n.exists(error) ? String(t(error as never)) : error) : refused;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={
        message ? (
          <span id={`${id}-error`} role="alert">
            {message}
          </span>
        ) : undefined
      }
      intent={message ? "danger" : "none"}
    >
      <InputGroup
        id={id}
        intent={message ? "danger" : "none"}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...input}
        inputRef={inputRef}
      />
    </FormGroup>
  );
}
