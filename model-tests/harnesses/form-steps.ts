import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { type Failure, isServerRefusal } from "../../machines/api-failure.ts";
import { type PageAddition, pageAddition } from "../../src/api/error-policy-page.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";

/**
 * Replaces a field's text as a merchant pasting it would: one input event rather than one per key (typing into the
 * whole console a character at a time was a sixth of the model tests' CPU). The browser journeys type.
 */
export async function replaceText(h: ConsoleHarness, input: HTMLElement, value: string) {
  await h.user.clear(input);
  if (value) await h.user.paste(value);
}

/** Replaces a labelled field's text (`replaceText`). */
export async function fill(h: ConsoleHarness, label: string, value: string) {
  await replaceText(h, await screen.findByLabelText(label), value);
}

export async function press(h: ConsoleHarness, name: string) {
  await h.user.click(await screen.findByRole("button", { name }));
}

/** Each field error (an i18n key) is on screen, and a failure is said once (`expectSaidOnce`). */
export async function expectProblems(
  h: ConsoleHarness,
  fieldErrors: Partial<Record<string, string>>,
  failure: Failure | null,
) {
  const expected = Object.values(fieldErrors).flatMap((key) => (key ? [h.t(key)] : []));
  await waitFor(() => {
    const shown = screen.queryAllByRole("alert").map((element) => element.textContent ?? "");
    for (const text of expected) expect(shown).toContain(text);
  });
  if (failure) await expectSaidOnce(h, failure, { fieldErrors });
}

/** The words of a failure's error toast (spec section 8): the console's text for a server's code, else errMsg. */
export function toastWords(h: ConsoleHarness, failure: Failure): string {
  return isServerRefusal(failure) ? h.services.describeFailure(failure) : failure.errMsg || "Request Error";
}

/**
 * One message per error: the toast names the failure; the page adds what the error policy says — the refused
 * field marked with what to do under it and the focus in it, or what to do next in an alert — and never the toast's words.
 * `whenNoAnswer` is the page's own text for no usable answer (the login page's, spec section 8).
 */
export async function expectSaidOnce(
  h: ConsoleHarness,
  failure: Failure,
  options: { whenNoAnswer?: string; fieldErrors?: Partial<Record<string, string>> } = {},
) {
  const addition = pageAddition(failure);
  if (addition.kind === "unreported") {
    await waitFor(() => expect(alertTexts()).toContain(addition.message || h.t("errors.generic")));
    return;
  }
  const words = toastWords(h, failure);
  expectToastFor(h, failure, words);
  await expectPageAddition(h, addition, failure, options);
  expect(document.body.textContent ?? "", "the page repeats the toast's words").not.toContain(words);
}

async function expectPageAddition(
  h: ConsoleHarness,
  addition: Exclude<PageAddition, { kind: "unreported" }>,
  failure: Failure,
  options: { whenNoAnswer?: string; fieldErrors?: Partial<Record<string, string>> },
) {
  if (options.whenNoAnswer && !isServerRefusal(failure)) {
    await waitFor(() => expect(alertTexts()).toContain(options.whenNoAnswer));
    return;
  }
  if (addition.kind === "nothing") return;
  const nextStep = h.t(addition.nextStep);
  const fieldErrors = options.fieldErrors ?? {};
  const field =
    addition.kind === "field"
      ? document.querySelector<HTMLElement>(`input[name="${addition.field}"], select[name="${addition.field}"]`)
      : null;
  if (addition.kind === "field" && field) {
    // The form's own check of the field, newer than the refusal, speaks for it (a model may name the field as its
    // request does: the sign-in's authenticator's code is the request's code).
    const ownChecks = Object.values(fieldErrors).flatMap((key) => (key ? [h.t(key)] : []));
    const saidUnder = document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent ?? "";
    if (fieldErrors[addition.field] || ownChecks.includes(saidUnder)) return;
    await waitFor(() => {
      // A part of the form that does not hold the field (the code field's Send refusing the e-mail) says it above.
      if (alertTexts().includes(nextStep)) return;
      expect(field.getAttribute("aria-invalid"), `${addition.field} is marked`).toBe("true");
      expect(document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent).toBe(nextStep);
      // The focus moves to it as the refusal arrives; a later submit the form's checks stopped has moved it on.
      if (Object.keys(fieldErrors).length === 0)
        expect(document.activeElement, `${addition.field} has the focus`).toBe(field);
    });
    return;
  }
  await waitFor(() => expect(alertTexts()).toContain(nextStep));
}

const alertTexts = () => screen.queryAllByRole("alert").map((element) => element.textContent ?? "");

/** A Blueprint button that is loading cannot be pressed and shows a spinner. */
export async function expectBusy(name: string) {
  await waitFor(() => {
    // The first of the page's buttons (getAllByRole) that spins with that text, found from the spinning elements: the
    // role of every element of the page took a second of list's and of app-edit's CPU (1.2 s and 1.1 s in profiles).
    const button = [...document.body.querySelectorAll<HTMLElement>(".bp6-loading")].find(
      (b) => (b.textContent ?? "").includes(name) && isButton(b),
    );
    expect(button, `button "${name}" shows a spinner`).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
}

/** Whether `getAllByRole("button")` counts the element: a button by its role, not hidden from the merchant. */
const isButton = (element: HTMLElement) =>
  element.parentElement !== null && within(element.parentElement).queryAllByRole("button").includes(element);

export async function expectLocation(h: ConsoleHarness, path: string) {
  await waitFor(() => expect(h.location()).toBe(path));
}

/** What a card or dialog adds after its own "could not be loaded" for a failure (`usePageAddition`), "" for nothing. */
export function pageWords(h: ConsoleHarness, failure: Failure | null | undefined): string {
  if (!failure) return "";
  const addition = pageAddition(failure);
  if (addition.kind === "unreported") return addition.message || h.t("errors.generic");
  return addition.kind === "nothing" ? "" : h.t(addition.nextStep);
}

/** The failure's error toast was shown and the page does not say its words again. */
export function expectNotRepeated(h: ConsoleHarness, failure: Failure | null | undefined) {
  if (!failure || pageAddition(failure).kind === "unreported") return;
  const words = toastWords(h, failure);
  expectToastFor(h, failure, words);
  expect(document.body.textContent ?? "", "the page repeats the toast's words").not.toContain(words);
}

/** The failures without a server's answer a console's checks have met, by their toast's words. */
const failuresMet = new WeakMap<string[], Map<string, Set<Failure>>>();

/**
 * The failure's error toast (spec section 8). A server's refusal toasts once per page load and code: an earlier toast
 * of the code is this one's. No usable answer toasts every time: one toast for each such failure met (the same
 * failure, still shown, owes none more), so a toast an earlier failure left does not stand for a later one's.
 */
function expectToastFor(h: ConsoleHarness, failure: Failure, words: string) {
  if (isServerRefusal(failure)) {
    expect(h.errorToasts, "the error toast").toContain(words);
    return;
  }
  const met = failuresMet.get(h.errorToasts) ?? new Map<string, Set<Failure>>();
  failuresMet.set(h.errorToasts, met);
  const same = met.get(words) ?? new Set<Failure>();
  met.set(words, same.add(failure));
  const toasts = h.errorToasts.filter((toast) => toast === words).length;
  expect(
    toasts,
    `the error toast "${words}", once for each of the ${same.size} failures that said it`,
  ).toBeGreaterThanOrEqual(same.size);
}
