import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { startTestIdentityProvider, type TestIdentityProvider } from "../server/testing/google-idp.ts";
import { defaultPassword, registerViaApi, uniqueEmail } from "./support/api.ts";
import { closeContexts, openPage, workerBrowser } from "./support/browser.ts";
import { accountShown, button, expectRefusal, field, nextStep, waitForPath } from "./support/console.ts";
import { type RunningServer, startServer } from "./support/server.ts";
import { axeOf } from "./support/axe.ts";

/**
 * Sign-in with Google end to end: the journeys' one build of the console (dist/), served by a server started with
 * GOOGLE_CLIENT_ID, whose Google settings point at a test identity provider on loopback, and Google's script served
 * by the test (page.route), so nothing leaves the machine. The fake script's popup answers a code at once.
 */
const googleScript = "https://accounts.google.com/gsi/client";
const fakeLibrary = (code: string) => `
  window.google = { accounts: { oauth2: { initCodeClient(config) {
    window.__codeClient = { client_id: config.client_id, scope: config.scope, ux_mode: config.ux_mode };
    return { requestCode() { setTimeout(() => config.callback({ code: ${JSON.stringify(code)}, state: config.state }), 20); } };
  } } } };`;

let idp: TestIdentityProvider;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  server = await startServer({
    postgres: inject("postgres") || undefined,
    // No chain: these journeys never pay, and a devnet cost its start, its contracts' deployment and a block a second
    // watched for as long as the file runs.
    env: {
      DEVNET: "false",
      GOOGLE_CLIENT_ID: idp.settings.clientId,
      GOOGLE_CLIENT_SECRET: idp.settings.clientSecret ?? "",
      GOOGLE_JWKS_URL: idp.settings.jwksUrl,
      GOOGLE_TOKEN_URL: idp.settings.tokenUrl,
    },
  });
  browser = await workerBrowser();
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
  await idp?.close();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, server.baseUrl));
});
afterEach(async () => {
  await context?.close();
});

const googleButton = () => page.getByRole("button", { name: "Continue with Google", exact: true });

describe("sign-in with Google (the server started with GOOGLE_CLIENT_ID)", () => {
  it("signs a new merchant in through Google's popup (code flow) and registers them", async () => {
    const email = uniqueEmail("google");
    idp.issueCode("4/e2e-new", { email, sub: `sub-${email}`, name: "Google Shop" });
    await page.route(googleScript, (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeLibrary("4/e2e-new") }),
    );
    const response = await page.goto("/login");
    // The server opens its CSP to Google (beside the prerendered page's own inline scripts, by hash) and lets the
    // popup talk back to the page.
    expect(response?.headers()["content-security-policy"]).toMatch(
      /script-src 'self'( 'sha256-[^']+')+ https:\/\/accounts\.google\.com;/,
    );
    expect(response?.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    // The build is the one every journey uses: the client id comes from the server, in the page.
    expect(await page.locator('meta[name="google-client-id"]').getAttribute("content")).toBe(idp.settings.clientId);
    await googleButton().click();
    await waitForPath(page, "/console/index");
    await expect.poll(async () => (await accountShown(page)).email).toBe(email);
    expect((await accountShown(page)).nickName).toBe("Google Shop");
    expect(await page.evaluate(() => (window as unknown as { __codeClient: unknown }).__codeClient)).toEqual({
      client_id: idp.settings.clientId,
      scope: "email profile openid",
      ux_mode: "popup",
    });
    expect(Object.fromEntries(idp.tokenRequests.at(-1) ?? [])).toMatchObject({
      code: "4/e2e-new",
      redirect_uri: "postmessage",
    });
  });

  // Issue 25, finding 8: a Google account with a merchant's e-mail signed in as that merchant, unasked.
  it("asks the merchant whose e-mail Google names for their password before linking the Google account", async () => {
    const email = uniqueEmail("google-link");
    await registerViaApi(server.baseUrl, email);
    idp.issueCode("4/e2e-link", { email, sub: `sub-${email}` });
    await page.route(googleScript, (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeLibrary("4/e2e-link") }),
    );
    await page.goto("/login");
    await googleButton().click();
    const step = page.getByRole("region", { name: "Link your Google account" });
    await step.getByText(`${email} already has a Merchant Console account`).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    // Nobody is signed in yet, and the sign-in form has made way for the link step.
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await button(page, "Sign in").count()).toBe(0);
    const { violations } = await axeOf(page).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await field(page, "Password").fill("Wrong7Password");
    await button(page, "Link with password").click();
    await expectRefusal(page, {
      toast: "Wrong e-mail or password",
      field: "Password",
      nextStep: nextStep.checkCredentials,
    });
    await field(page, "Password").fill(defaultPassword);
    await button(page, "Link with password").click();
    await waitForPath(page, "/console/index");
    await expect.poll(async () => (await accountShown(page)).email).toBe(email);
  });

  it("shows the server's refusal when Google's code is not good", async () => {
    await page.route(googleScript, (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeLibrary("4/never-issued") }),
    );
    await page.goto("/login");
    await googleButton().click();
    await expectRefusal(page, {
      toast: "The Google sign-in could not be verified, please try again",
      nextStep: "Continue with Google once more",
    });
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("says 'Failed to load the Google 3P Authorization JavaScript Library.' when Google's script fails", async () => {
    await page.route(googleScript, (route) => route.abort("failed"));
    await page.goto("/login");
    await page
      .getByRole("alert")
      .filter({ hasText: "Failed to load the Google 3P Authorization JavaScript Library." })
      .waitFor();
    await button(page, "Sign in").waitFor();
  });

  it("keeps /login accessible with the Google button, in light and dark", async () => {
    await page.route(googleScript, (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeLibrary("4/unused") }),
    );
    const found: string[] = [];
    for (const theme of ["light", "dark"]) {
      await page.goto("/home");
      await page.evaluate((t) => localStorage.setItem("app-settings", JSON.stringify({ theme: t })), theme);
      await page.goto("/login");
      await expect.poll(() => googleButton().isEnabled()).toBe(true);
      const { violations } = await axeOf(page).analyze();
      for (const v of violations)
        process.stdout.write(`axe /login with Google (${theme}): [${v.impact}] ${v.id} ${v.help}\n`);
      found.push(
        ...violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${theme}: ${v.id}`),
      );
    }
    expect(found).toEqual([]);
  });

  it("hydrates the prerendered /login, Google button and all, without an error", async () => {
    await page.route(googleScript, (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeLibrary("4/unused") }),
    );
    const problems: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
    page.on("pageerror", (e) => void problems.push(e.message));
    await page.goto("/login");
    // The button is in the prerendered markup, before the console's code has run.
    expect(await page.locator("#root").evaluate((root) => root.hasAttribute("data-prerendered"))).toBe(true);
    await expect.poll(() => googleButton().isEnabled()).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
});
