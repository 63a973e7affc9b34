import { waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

/**
 * Presses Escape inside a Blueprint overlay (dialog, alert, drawer). The overlay listens for Escape on its own
 * container and takes the focus a frame after it opens (later on a loaded machine), so the key is pressed once the
 * focus is inside, as a merchant's would be.
 */
export async function pressEscapeIn(user: UserEvent, element: Element | null) {
  const overlay = () => element?.closest(".bp6-overlay") ?? null;
  await waitFor(() => expect(overlay()?.contains(document.activeElement)).toBe(true), { timeout: 5000 });
  await user.keyboard("{Escape}");
}
