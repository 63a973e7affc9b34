import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { ConsoleHarness } from "../framework/render-console.tsx";

/** Replaces a labelled field's text the way a merchant would. */
export async function fill(h: ConsoleHarness, label: string, value: string) {
  const input = await screen.findByLabelText(label);
  await h.user.clear(input);
  if (value) await h.user.type(input, value);
}

export async function press(h: ConsoleHarness, name: string) {
  await h.user.click(await screen.findByRole("button", { name }));
}

/** Each field error (an i18n key) and the failure text are on screen. */
export async function expectProblems(
  h: ConsoleHarness,
  fieldErrors: Partial<Record<string, string>>,
  failure: { errCode: string; errMsg: string } | null,
) {
  const expected = Object.values(fieldErrors).flatMap((key) => (key ? [h.t(key)] : []));
  if (failure) expected.push(h.services.describeFailure(failure));
  await waitFor(() => {
    const shown = screen.queryAllByRole("alert").map((element) => element.textContent ?? "");
    for (const text of expected) expect(shown).toContain(text);
  });
}

/** A Blueprint button that is loading cannot be pressed and shows a spinner. */
export async function expectBusy(name: string) {
  await waitFor(() => {
    const button = screen
      .getAllByRole("button")
      .find((b) => b.classList.contains("bp6-loading") && (b.textContent ?? "").includes(name));
    expect(button, `button "${name}" shows a spinner`).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
}

export async function expectLocation(h: ConsoleHarness, path: string) {
  await waitFor(() => expect(h.location()).toBe(path));
}
