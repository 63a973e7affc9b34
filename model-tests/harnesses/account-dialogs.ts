import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { FormDialogContext, FormDialogTag } from "../../machines/form-dialog.ts";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { merchant } from "../models/fixtures.ts";
import { expectBusy, expectProblems } from "./form-steps.ts";

/** Opens the navbar's account menu (named by the merchant's nickname, as it is now) and chooses an entry. */
export async function chooseAccountEntry(h: ConsoleHarness, entry: string, nickName = merchant.nickName) {
  await h.user.click(screen.getByRole("button", { name: nickName }));
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

/**
 * Where the console stood when a step began (the notices and calls so far), and whether the step was the server's
 * answer to the dialog's submit: what a success causes is read from that step, not since the console started.
 */
export type StepMark = { notifications: number; calls: number; answered: boolean };
/** A form dialog's harness whose steps are marked (`h.step`, null before the first step). */
export type MarkedHarness = ConsoleHarness & { fake: ControlledApi; step: StepMark | null };

/** The dialog's fake API, marking each step as it begins (`h.step`). */
export function markingSteps<H extends MarkedHarness>(h: H): ControlledApi {
  return {
    ...h.fake,
    answerActorResult(event) {
      h.step = {
        notifications: h.notifications.length,
        calls: h.fake.calls.length,
        answered: (event as { type: string }).type === "xstate.done.actor.submit",
      };
      return h.fake.answerActorResult(event);
    },
  };
}

/** The calls of `method` made since the step began. */
export const callsSince = (h: MarkedHarness, method: string) =>
  h.fake.calls.slice(h.step?.calls ?? 0).filter((c) => c.method === method);

/**
 * No dialog: after the server's answer to its submit, the page says `toast` and loads `reloaded` again (each call once
 * more at least); after Cancel (or at the start), it says nothing of the kind.
 */
export async function expectClosedAfter(h: MarkedHarness, toast: string, reloaded: ReadonlyArray<string>) {
  await expectNoDialog();
  if (!h.step) return;
  const said = h.notifications.slice(h.step.notifications);
  if (!h.step.answered) return expect(said).not.toContain(toast);
  expect(said).toContain(toast);
  for (const method of reloaded)
    await waitFor(() => expect(callsSince(h, method).length, `${method} asked again`).toBeGreaterThanOrEqual(1));
}
