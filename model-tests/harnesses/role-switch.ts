import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { ConsoleHarness } from "../framework/render-console.tsx";

/** The role switch of spec section 6 sits in the message box's footer: open the box, choose the role, close it. */
export async function switchRole(h: ConsoleHarness, role: "user" | "admin") {
  const bell = screen.getByRole("button", {
    name: new RegExp(`^${h.t("messageBox.openLabel", { count: 999 }).replace("999", "\\d+")}$`),
  });
  await h.user.click(bell);
  const box = await screen.findByRole("region", { name: h.t("messageBox.title") });
  await h.user.click(within(box).getByRole("radio", { name: h.t(`roles.${role}`) }));
  const roleName = h.t(`roles.${role}`);
  await waitFor(() =>
    expect(within(box).getByTestId("current-role").textContent).toBe(h.t("messageBox.currentRole", { role: roleName })),
  );
  expect(within(box).getByRole("radio", { name: roleName }).getAttribute("aria-checked")).toBe("true");
  await h.user.click(bell);
  await waitFor(() => expect(screen.queryByRole("region", { name: h.t("messageBox.title") })).toBeNull());
}
