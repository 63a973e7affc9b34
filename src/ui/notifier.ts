import type { ToastProps, Toaster } from "@blueprintjs/core";

export interface Notifier {
  success(message: string): void;
  info(message: string): void;
  error(message: string, timeoutMs?: number): void;
}

/** Blueprint toasts; the toaster's code loads and mounts on first use, so pages that toast nothing never fetch it. */
export function createToastNotifier(): Notifier {
  let toaster: Promise<Toaster> | null = null;
  const get = () => {
    toaster ??= import("./toaster.ts").then(
      (m) => m.createToaster(),
      (error: unknown) => {
        // The chunk did not arrive (a deploy replaced it, the network dropped): the next toast tries again.
        toaster = null;
        throw error;
      },
    );
    return toaster;
  };
  const show = (props: ToastProps) =>
    void get().then(
      (t) => t.show(props),
      () => undefined,
    );
  return {
    success: (message) => show({ message, intent: "success", timeout: 3000 }),
    info: (message) => show({ message, intent: "primary", timeout: 2000 }),
    error: (message, timeoutMs = 5000) => show({ message, intent: "danger", timeout: timeoutMs }),
  };
}
