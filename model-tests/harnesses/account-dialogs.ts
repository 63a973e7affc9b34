import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { merchant } from "../models/fixtures.ts";

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
