import { useLayoutEffect } from "react";
import { useNotify } from "./services-context.tsx";

/**
 * While the calling view is on screen, success and info toasts stay away from it (`Notifier.hush`); from before its
 * first paint, so no frame shows it under one.
 */
export function useHushedToasts() {
  const notify = useNotify();
  useLayoutEffect(() => notify.hush(), [notify]);
}
