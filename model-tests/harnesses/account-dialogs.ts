import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { FormDialogContext, FormDialogTag } from "../../machines/form-dialog.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { merchant } from "../models/fixtures.ts";
import { expectBusy, expectProblems } from "./form-steps.ts";

/** Opens the navbar's account menu and chooses an entry. */
export async function chooseAccountEntry(h: ConsoleHarness, entry: string) {
  await h.user.click(screen.getByRole("button", { name: merchant.nickName }));
  await h.user.click(await screen.findByRole("menuitem", { name: entry }));
}

export async function dialogTitled(title: string) {
  const dialog = await screen.findByRole("dialog");
  expect(within(dialog).getByRole("heading", { name: title })).toBeTruthy();
  return dialog;
}

export async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

/** The title and the submit button's text of a form dialog (src/ui/form-dialog.tsx). */
export interface FormDialogTexts {
  title: string;
  submit: string;
}

/** Presses a button of the dialog with that title: Cancel, or the submit button. */
export async function pressInDialog(h: ConsoleHarness, title: string, button: string) {
  await h.user.click(within(await dialogTitled(title)).getByRole("button", { name: button }));
}

/** An open form dialog: a spinner on the submit button while the call runs, else the field errors and the refusal. */
export async function expectOpenFormDialog(
  h: ConsoleHarness,
  s: { hasTag(tag: FormDialogTag): boolean; context: FormDialogContext },
  texts: FormDialogTexts,
) {
  if (s.hasTag("busy")) return expectBusy(texts.submit);
  await dialogTitled(texts.title);
  await expectProblems(h, s.context.fieldErrors, s.context.failure);
}
