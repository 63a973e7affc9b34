import { describe, expect, it } from "vitest";
import { registerViaApi, uniqueEmail } from "./support/api.ts";
import { field, label, onLoginPage, waitForPath } from "./support/console.ts";
import { withConsoleTab } from "./support/tab.ts";

// A journey that times out says why (support/page-diary.ts): where the page is, what it shows, what the API answered.
const tab = withConsoleTab();

describe("a journey that waits in vain", () => {
  it("names the page it is on, the alert it shows and the API's refusal", async () => {
    const { page, baseUrl } = tab;
    const email = uniqueEmail("diary");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await onLoginPage(page);
    await field(page, label.email).fill(email);
    await field(page, label.password).fill("Wrong-password-1");
    await page.getByRole("button", { name: label.signIn, exact: true }).click();
    const failure = await waitForPath(page, "/console/index", 3_000).then(
      () => "reached",
      (error: Error) => error.message,
    );
    expect(failure).toContain("the page did not reach /console/index");
    expect(failure).toMatch(/"url":"http:\/\/[^"]+\/login"/);
    expect(failure).toContain("Wrong e-mail or password");
    // Each answer names the console's call beside its path.
    expect(failure).toMatch(/POST \/api\/Login\/Login \(auth\.login\) → 200 errCode \d+ "Wrong e-mail or password"/);
  });
});
