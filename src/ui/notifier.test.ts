import type { ToastProps, Toaster } from "@blueprintjs/core";
import { describe, expect, it, vi } from "vitest";
import { createToastNotifier } from "./notifier.ts";

/** A toaster that names each toast by its message and keeps those not dismissed. */
function fakeToaster() {
  const open = new Set<string>();
  const toaster = {
    show: vi.fn((props: ToastProps) => {
      open.add(String(props.message));
      return String(props.message);
    }),
    dismiss: vi.fn((key: string) => void open.delete(key)),
    clear: vi.fn(() => open.clear()),
  };
  return { open, load: () => Promise.resolve(toaster as unknown as Toaster) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createToastNotifier", () => {
  it("lets a finished flow's toasts go with its page, and its outcome stay over the page it leads to", async () => {
    const { open, load } = fakeToaster();
    const notify = createToastNotifier(load);
    notify.success("Verification code sent");
    notify.error("Wrong code");
    notify.outcome("Registered");
    await settle();
    expect([...open]).toEqual(["Verification code sent", "Wrong code", "Registered"]);

    notify.pageChanged(); // register → sign in
    await settle();
    expect([...open]).toEqual(["Registered"]);

    notify.info("Shown on the sign-in page");
    notify.pageChanged(); // sign in → console
    await settle();
    expect([...open]).toEqual([]);
  });

  it("keeps what the new page says until that page is left", async () => {
    const { open, load } = fakeToaster();
    const notify = createToastNotifier(load);
    notify.pageChanged();
    notify.success("Copied");
    await settle();
    expect([...open]).toEqual(["Copied"]);
    notify.pageChanged();
    await settle();
    expect([...open]).toEqual([]);
  });

  // Issue 68, item 11: on a phone a toast spans the credentials dialog, over the AppKey being copied.
  it("while hushed, takes away what it said and shows no success or info, but still shows errors", async () => {
    const { open, load } = fakeToaster();
    const notify = createToastNotifier(load);
    notify.success("Verification success");
    notify.error("Wrong code");
    await settle();
    const release = notify.hush();
    // Taken away at once, not a frame later over what the hush is for.
    expect([...open]).toEqual([]);
    notify.success("Copied");
    notify.info("A verification code was sent");
    notify.error("Could not copy");
    await settle();
    expect([...open]).toEqual(["Could not copy"]);
    release();
    release();
    notify.success("Edit success");
    await settle();
    expect([...open]).toEqual(["Could not copy", "Edit success"]);
  });

  it("takes away, once its code arrives, what was said while the toaster was still loading", async () => {
    const { open, load } = fakeToaster();
    const notify = createToastNotifier(load);
    notify.info("A verification code was sent");
    notify.success("Verification success");
    notify.hush();
    await settle();
    expect([...open]).toEqual([]);
  });

  it("has nothing to take away when the toaster's code did not arrive", async () => {
    const load = vi.fn().mockRejectedValue(new Error("offline"));
    const notify = createToastNotifier(load);
    notify.success("Lost");
    notify.pageChanged();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
