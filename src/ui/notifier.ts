import type { ToastProps, Toaster } from "@blueprintjs/core";

export interface Notifier {
  success(message: string): void;
  info(message: string): void;
  error(message: string, timeoutMs?: number): void;
  /**
   * A flow's last word as it moves the merchant on ("Registered", "Welcome", "Logged out"): it stays over the
   * page the flow leads to, and goes when that page is left.
   */
  outcome(message: string): void;
  /** The page changed (src/app/use-toasts-follow-page.ts): what was said on the page left goes with it. */
  pageChanged(): void;
  /**
   * Secrets to copy are on screen (an application's credentials): the toasts showing go, and until the returned
   * release no success or info toast shows, so none lies over them (on a phone a toast spans the dialog). Errors
   * said meanwhile still show.
   */
  hush(): () => void;
}

const loadToaster = () => import("./toaster.ts").then((m) => m.createToaster());

/**
 * Blueprint toasts; the toaster's code loads and mounts on first use, so pages that toast nothing never fetch it.
 * Every toast belongs to a page: the one it was shown on, or for an outcome the next one. So a finished flow's toasts
 * ("code sent") go together when the flow moves on, decided here rather than by each flow.
 */
export function createToastNotifier(load: () => Promise<Toaster> = loadToaster): Notifier {
  let toaster: Promise<Toaster> | null = null;
  let loaded: Toaster | null = null;
  const get = () => {
    toaster ??= load().then(
      (t) => {
        loaded = t;
        return t;
      },
      (error: unknown) => {
        // The chunk did not arrive (a deploy replaced it, the network dropped): the next toast tries again.
        toaster = null;
        throw error;
      },
    );
    return toaster;
  };
  let page = 0;
  let hushes = 0;
  const shown: Array<{ page: number; key: Promise<string | undefined> }> = [];
  const show = (props: ToastProps, onPage = page) => {
    if (props.intent !== "danger" && hushes > 0) return;
    const key = get().then(
      (t) => t.show(props),
      () => undefined,
    );
    shown.push({ page: onPage, key });
  };
  return {
    success: (message) => show({ message, intent: "success", timeout: 3000 }),
    info: (message) => show({ message, intent: "primary", timeout: 2000 }),
    error: (message, timeoutMs = 5000) => show({ message, intent: "danger", timeout: timeoutMs }),
    outcome: (message) => show({ message, intent: "success", timeout: 3000 }, page + 1),
    pageChanged: () => {
      page += 1;
      const left = shown.filter((toast) => toast.page < page);
      shown.splice(0, shown.length, ...shown.filter((toast) => toast.page >= page));
      for (const toast of left)
        void toast.key.then((key) => {
          if (key !== undefined) void get().then((t) => t.dismiss(key));
        });
    },
    hush: () => {
      hushes += 1;
      // Cleared, not dismissed one by one: Blueprint's toaster ignores a dismiss of a toast still in its queue, which
      // then shows a moment later (a "code sent" and a "verified" asked for within its delay). Loaded, at once.
      shown.splice(0, shown.length);
      if (loaded) loaded.clear();
      else if (toaster)
        void toaster.then(
          (t) => t.clear(),
          () => undefined,
        );
      let released = false;
      return () => {
        if (released) return;
        released = true;
        hushes -= 1;
      };
    },
  };
}
