import { expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import { expectRefusal, label, nextStep, settled, signIn, waitForPath } from "./support/console.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

/**
 * The user centre's "Recent security activity": a wrong password, then the right one, and the merchant sees
 * both, newest first, with the address and the browser — on a phone, in the dark theme, fitting the screen.
 */
it("shows a failed and a successful sign-in in the user centre, on a phone in the dark theme", async () => {
  const { page, baseUrl } = tab;
  const email = uniqueEmail("activity");
  await registerViaApi(baseUrl, email);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/login");
  await signIn(page, email, "Wrong1234x");
  await expectRefusal(page, {
    toast: "Wrong e-mail or password",
    field: label.password,
    nextStep: nextStep.checkCredentials,
  });
  await signIn(page, email);
  await waitForPath(page, "/console/index");
  await page.evaluate(() => localStorage.setItem("app-settings", JSON.stringify({ theme: "dark" })));

  await page.goto("/user/center");
  const section = page.getByTestId("security-activity");
  await section.getByRole("heading", { name: "Recent security activity" }).waitFor();
  const events = section.getByTestId("security-event");
  await expect.poll(() => events.count()).toBe(2);
  const [newest, older] = [await events.nth(0).textContent(), await events.nth(1).textContent()];
  expect(newest).toContain("Sign-in with passwordSucceeded");
  expect(older).toContain("Sign-in with passwordFailed");
  expect(newest).toContain("127.0.0.1");
  expect(newest).toContain("HeadlessChrome");

  expect(await page.evaluate(() => document.documentElement.classList.contains("bp6-dark"))).toBe(true);
  await settled(page);
  const audit = await auditLayout(page, { primaryMin: 44 });
  expect(audit.problems.length ? describeAudit("/user/center, 375 px, dark", audit) : "").toBe("");
});
