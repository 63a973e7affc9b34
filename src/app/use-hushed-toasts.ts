import { useEffect } from "react";
import { useNotify } from "./services-context.tsx";

/** While the calling view is on screen, success and info toasts stay away from it (`Notifier.hush`). */
export function useHushedToasts() {
  const notify = useNotify();
  useEffect(() => notify.hush(), [notify]);
}
