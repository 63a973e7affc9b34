import { type RefObject, useLayoutEffect } from "react";

// A prerendered page's fields take keys and clicks before React has taken the page over. Hydration adopts the
// elements as they are, but the components' state still holds what the page was rendered with, and their next
// render writes that back over what the merchant typed. So, once, when the field is hydrated, the state takes what
// the browser holds. On a field React rendered itself the two are equal and nothing happens.

/** A text field: `onValueChange` receives the text typed before hydration. */
export function useTextTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string | undefined,
  onValueChange: ((value: string, element: HTMLInputElement) => void) | undefined,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit meets markup React did not render.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && value !== undefined && onValueChange && element.value !== value) onValueChange(element.value, element);
  }, []);
}

/** A checkbox: `onCheckedChange` receives the state it was clicked to before hydration. */
export function useCheckedBeforeHydration(ref: RefObject<HTMLInputElement | null>, checked: boolean, onCheckedChange: (checked: boolean) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit meets markup React did not render.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && element.checked !== checked) onCheckedChange(element.checked);
  }, []);
}
