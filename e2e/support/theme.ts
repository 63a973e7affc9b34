import type { Page } from "playwright-core";
import { settled } from "./console.ts";

export type Theme = "light" | "dark";

const themeOf = (page: Page): Promise<Theme> =>
  page.evaluate(() => (document.documentElement.classList.contains("bp6-dark") ? "dark" : "light"));

/**
 * Puts the page in `theme` as a merchant would, without loading it again: the navbar's theme button (the console's
 * and the public pages', shown on a wide screen). A page without one (the sign-in forms, a frame without its navbar)
 * gets the stored setting (`app-settings`, what the button stores) and is reloaded. Answers whether it reloaded.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<boolean> {
  if ((await themeOf(page)) === theme) return false;
  const button = page.getByRole("button", { name: theme === "dark" ? "Dark theme" : "Light theme", exact: true });
  const reload = !(await button.first().isVisible());
  if (reload) {
    await storeTheme(page, theme);
    await page.reload();
  } else {
    await button.first().click();
  }
  await page.waitForFunction(
    (dark) =>
      document.documentElement.classList.contains("bp6-dark") === dark &&
      [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((link) => link.sheet),
    theme === "dark",
  );
  await settled(page);
  return reload;
}

/** Stores the theme for the next load, leaving the page as it is. */
export function storeTheme(page: Page, theme: Theme): Promise<void> {
  return page.evaluate((value) => {
    const stored = JSON.parse(localStorage.getItem("app-settings") ?? "{}") as Record<string, unknown>;
    localStorage.setItem("app-settings", JSON.stringify({ ...stored, theme: value }));
  }, theme);
}
