import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useNotify } from "./services-context.tsx";

/** Tells the toasts when the page on screen changes, so those of the page left go with it (src/ui/notifier.ts). */
export function useToastsFollowPage() {
  const notify = useNotify();
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useLayoutEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    notify.pageChanged();
  }, [pathname, notify]);
}
