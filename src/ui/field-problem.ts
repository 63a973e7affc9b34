import { createContext, useContext, useEffect, type RefObject } from "react";

/** A field of the form around it that the server refused, with what to do about it (already translated). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A new object for every failure, so the field takes the focus again on each one. */
export const FieldProblemContext = createContext<FieldProblem | null>(null);

/**
 * The refusal's message for the field called `name`, if it is the one refused; the field takes the focus then, so the
 * merchant can correct it at once.
 */
export function useFieldProblem(name: string | undefined, inputRef: RefObject<HTMLElement | null>) {
  const problem = useContext(FieldProblemContext);
  const mine = problem !== null && name !== undefined && problem.field === name ? problem : null;
  useEffect(() => {
    if (mine) inputRef.current?.focus();
  }, [mine, inputRef]);
  return mine?.message;
}
