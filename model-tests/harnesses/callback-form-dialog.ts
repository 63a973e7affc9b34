import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { Failure } from "../../machines/api-failure.ts";
import type { ControlledCalls } from "../framework/fake-api.ts";
import { unmapped } from "../framework/run-model.ts";
import { sampleAttempts } from "../models/callback-fixtures.ts";
import { type CallbacksHarness, expectNoDialog, listCalls, renderCallbacks } from "./callback-pages.ts";
import { expectBusy, expectProblems } from "./form-steps.ts";

/** A callbacks dialog whose outcome takes its form's place (the test event, "Redeliver failed"). */
export interface FormDialog {
  /** The i18n keys of the page's button that opens it, its title, its explanation, its submit and Close buttons. */
  open: string;
  title: string;
  explain: string;
  submit: string;
  close: string;
  /** The test id of the outcome. */
  outcome: string;
  /** The API method the form calls. */
  method: string;
}

/** `listsAtSend`: how often the list was asked for when the form was last sent. */
export type FormDialogHarness = CallbacksHarness & { listsAtSend: number };

/** The dialog's state as its model has it. */
interface FormDialogState {
  matches(state: "closed" | "editing" | "sending"): boolean;
  context: { fieldErrors: Partial<Record<string, string>>; failure: Failure | null };
}

/** Transaction callbacks with their first row shown and `controlled` calls answered by the path. */
export async function renderFormDialogPage(controlled: ControlledCalls): Promise<FormDialogHarness> {
  const h = await renderCallbacks(controlled);
  await screen.findByTestId(`callback-row-${sampleAttempts[0]?.attemptId}`);
  return Object.assign(h, { listsAtSend: listCalls(h) });
}

export const formDialog = (h: FormDialogHarness, d: FormDialog) => screen.getByRole("dialog", { name: h.t(d.title) });

/** Cancel while the form is shown, Close once the outcome took its place. */
export function closeFormDialog(h: FormDialogHarness, d: FormDialog) {
  const shown = formDialog(h, d);
  const done = within(shown).queryByTestId(d.outcome);
  const buttons = within(shown).getAllByRole("button", { name: done ? h.t(d.close) : h.t("common.cancel") });
  return h.user.click(buttons.at(-1) as HTMLElement);
}

/** The events every such dialog has: opened by the page's button, closed by Cancel or Close. */
export function openOrCloseFormDialog(h: FormDialogHarness, d: FormDialog, e: { type: string }) {
  if (e.type === "dialog.open") return h.user.click(screen.getByRole("button", { name: h.t(d.open) }));
  if (e.type === "dialog.close") return closeFormDialog(h, d);
  return unmapped(e);
}

/** Presses the submit button, noting how often the list was asked for until then. */
export function sendFormDialog(h: FormDialogHarness, d: FormDialog) {
  h.listsAtSend = listCalls(h);
  return h.user.click(within(formDialog(h, d)).getByRole("button", { name: h.t(d.submit) }));
}

/**
 * The dialog up to its outcome: none when closed; the explanation and the form's problems while editing; the request
 * `asked` for once sent, and while it is under way the submit button busy and Cancel held. Answers the open dialog
 * when the outcome is due, else null.
 */
export async function expectFormDialog(
  h: FormDialogHarness,
  d: FormDialog,
  s: FormDialogState,
  asked: unknown,
): Promise<HTMLElement | null> {
  if (s.matches("closed")) {
    await expectNoDialog();
    return null;
  }
  const shown = await screen.findByRole("dialog", { name: h.t(d.title) });
  if (s.matches("editing")) {
    expect(within(shown).getByText(h.t(d.explain))).toBeTruthy();
    await expectProblems(h, s.context.fieldErrors, s.context.failure);
    return null;
  }
  expect(h.fake.calls.filter((c) => c.method === d.method).at(-1)?.args[0]).toEqual(asked);
  if (s.matches("sending")) {
    await expectBusy(h.t(d.submit));
    expect((within(shown).getByRole("button", { name: h.t("common.cancel") }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    return null;
  }
  return shown;
}

/** The outcome replaced the form and its submit button: Close has the focus (Escape still closes the dialog). */
export async function expectCloseFocused(h: FormDialogHarness, d: FormDialog, shown: HTMLElement) {
  const closes = within(shown).getAllByRole("button", { name: h.t(d.close) });
  await waitFor(() => expect(document.activeElement).toBe(closes.at(-1)));
}
