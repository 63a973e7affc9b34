import { type RefObject, useEffect, useLayoutEffect } from "react";

/** Set by the page's inline script on a form sent too early (scripts/prerender/page-scripts.ts). */
const heldSubmitAttribute = "data-held-submit";

// A prerendered page's fields take keys, clicks and choices before React has taken the page over. Hydration adopts the
// elements as they are, but the components' state still holds what the page was rendered with, and their next
// render writes that back over what the merchant typed. So, once, when the field is hydrated, the state takes what
// the browser holds. On a field React rendered itself the two are equal and nothing happens.

/** A text field or a select: `onValueChange` receives the text typed or the option chosen before hydration. */
export function useValueBeforeHydration<E extends HTMLInputElement | HTMLSelectElement>(
  ref: RefObject<E | null>,
  value: string | undefined,
  onValueChange: ((value: string, element: E) => void) | undefined,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit meets markup React did not render.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && value !== undefined && onValueChange && element.value !== value)
      onValueChange(element.value, element);
  }, []);
}

/** A checkbox: `onCheckedChange` receives the state it was clicked to before hydration. */
export function useCheckedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  checked: boolean,
  onCheckedChange: (checked: boolean) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit meets markup React did not render.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && element.checked !== checked) onCheckedChange(element.checked);
  }, []);
}

/**
 * A prerendered form sent (Enter, a click) before React had the page was held back and marked by the page's inline
 * script (scripts/prerender/page-scripts.ts): React 19 does not replay a submit on markup it has not hydrated. Once
 * the form is hydrated, it is sent again, in a task of its own, after the fields' text above has reached the state.
 */
export function useHeldSubmit(ref: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const form = ref.current;
    if (!form?.hasAttribute(heldSubmitAttribute)) return;
    const timer = setTimeout(() => {
      form.removeAttribute(heldSubmitAttribute);
      form.requestSubmit();
    }, 0);
    return () => clearTimeout(timer);
  }, [ref]);
}
