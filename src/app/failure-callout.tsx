import { Callout } from "@blueprintjs/core";
import { type ReactNode, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type Failure, isServerRefusal } from "../../machines/api-failure.ts";
import { pageAddition } from "../api/error-policy-page.ts";
import { FieldProblemContext, type FieldProblem } from "../ui/field-problem.ts";

/**
 * What the page adds to a failure's error toast, in the merchant's language (src/api/error-policy-page.ts): what to do
 * next, or what went wrong when no toast said it; null when the toast (or the Re-Login dialog) said all there is.
 */
export function usePageAddition(): (failure: Failure | null | undefined) => string | null {
  const { t } = useTranslation();
  return (failure) => {
    if (!failure) return null;
    const addition = pageAddition(failure);
    switch (addition.kind) {
      case "field":
      case "nextStep":
        return t(addition.nextStep);
      case "unreported":
        return addition.message || t("errors.generic");
      case "nothing":
        return null;
    }
  };
}

interface FailureScopeProps {
  failure: Failure | null;
  /** Replaces the callout when the server could not be reached or answered nonsense (login: spec section 8). */
  whenNoAnswer?: string | undefined;
  /** The fields inside, when not every field a refusal may name is (a refusal of another one goes in the callout). */
  fields?: readonly string[];
  /** The form's fields (`FormField` with a `name`): the one the server refused is marked and takes the focus. */
  children?: ReactNode;
}

/**
 * A form's (or a card's) failure, said once: the error toast names it; here the refused field is marked and focused
 * with what to do under it, or a callout above says what to do next — never the toast's words again.
 */
export function FailureScope({ failure, whenNoAnswer, fields, children }: FailureScopeProps) {
  const describe = usePageAddition();
  const addition = failure ? pageAddition(failure) : null;
  const text = describe(failure);
  const onField =
    addition?.kind === "field" && (fields === undefined || fields.includes(addition.field)) ? addition.field : null;
  // A new object per failure (not per render), so the refused field takes the focus once for each refusal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the failure on purpose
  const problem = useMemo<FieldProblem | null>(
    () => (onField && text ? { field: onField, message: text } : null),
    [failure, onField, text],
  );
  // A scope with nothing of its own (a code field's sender) leaves the form's refusal to reach its field.
  const outer = useContext(FieldProblemContext);
  const callout = failure && whenNoAnswer && !isServerRefusal(failure) ? whenNoAnswer : onField ? null : text;
  return (
    <>
      {callout ? (
        <Callout intent="danger" role="alert" className="form-failure" compact>
          {callout}
        </Callout>
      ) : null}
      <FieldProblemContext value={problem ?? outer}>{children}</FieldProblemContext>
    </>
  );
}
