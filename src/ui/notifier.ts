import { OverlayToaster, Position, type Toaster } from "@blueprintjs/core";

export interface Notifier {
  success(message: string): void;
  info(message: string): void;
  error(message: string, timeoutMs?: number): void;
}

/** Blueprint toasts; the toaster mounts on first use. */
export function createToastNotifier(): Notifier {
  let toaster: Promise<Toaster> | null = null;
  const get = () => {
    toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
    return toaster;
  };
  return {
    success: (message) => void get().then((t) => t.show({ message, intent: "success", timeout: 3000 })),
    info: (message) => void get().then((t) => t.show({ message, intent: "primary", timeout: 2000 })),
    error: (message, timeoutMs = 5000) => void get().then((t) => t.show({ message, intent: "danger", timeout: timeoutMs })),
  };
}
