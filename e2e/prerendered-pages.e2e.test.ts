// The public entry pages come prerendered (scripts/prerender.ts): the first paint already shows the merchant's
// stored language and theme, hydration adopts that markup without a mismatch or a Suspense fallback, a
// signed-in /login goes to the console without the form ever painting, the inline scripts and styles pass the
// CSP, and Blueprint's purged rules style focus, intents, the dark theme and the Re-Login dialog exactly as the
// whole stylesheet does.
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { codeViaApi, defaultPassword, registerViaApi, uniqueEmail } from "./support/api.ts";
import { button, onLoginPage, signIn, waitForPath } from "./support/console.ts";
import { repoRoot } from "./support/server.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

const locales = ["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"] as const;
type Locale = (typeof locales)[number];
const messages = Object.fromEntries(
  locales.map((l) => [l, JSON.parse(readFileSync(join(repoRoot, "locales", `${l}.json`), "utf8"))]),
) as Record<Locale, unknown>;
const text = (locale: Locale, key: string): string => {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[locale]);
  if (typeof value !== "string") throw new Error(`${locale} has no ${key}`);
  return value;
};

const pages = [
  { path: "/login", heading: "login.title" },
  { path: "/register", heading: "register.title" },
  { path: "/forget", heading: "forgot.title" },
  { path: "/home", heading: "home.title" },
  { path: "/products/enterprise-pack", heading: "enterprise.title" },
] as const;

/** What the page stores before it loads (the storage of a merchant who came before). */
async function seedStorage(context: BrowserContext, items: Record<string, string>) {
  await context.addInitScript((seed) => {
    if (sessionStorage.getItem("seeded")) return;
    for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
    sessionStorage.setItem("seeded", "1");
  }, items);
}

interface Frame {
  heading: string | null;
  lang: string;
  form: boolean;
  fallback: boolean;
  dark: boolean;
}

interface Probe {
  /** The DOM before each frame that could paint with #root visible, whenever it changed. */
  frames: Frame[];
  /** Whether the h1 in #root when parsing ended is still the one in the DOM (hydration adopted it). */
  sameHeading: boolean | null;
  hydrated: boolean;
}

/**
 * Watches every frame from the document's start: a requestAnimationFrame callback runs right before the
 * frame paints, so what it sees in a visible #root is what the merchant sees.
 */
async function installProbe(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __frames: Frame[]; __heading: Element | null };
    w.__frames = [];
    w.__heading = null;
    const started = performance.now();
    const look = () => {
      const root = document.getElementById("root");
      if (root && getComputedStyle(root).visibility === "visible") {
        const frame: Frame = {
          heading: root.querySelector("h1")?.textContent ?? null,
          lang: document.documentElement.lang,
          form: root.querySelector("input[type=password]") !== null && location.pathname === "/login",
          fallback: document.querySelector(".route-progress") !== null,
          dark: document.documentElement.classList.contains("bp6-dark"),
        };
        const last = w.__frames.at(-1);
        if (!last || JSON.stringify(last) !== JSON.stringify(frame)) w.__frames.push(frame);
      }
      if (performance.now() - started < 8000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    document.addEventListener("readystatechange", () => {
      // Parsing is over and the inline scripts have run; the console's module has not.
      if (document.readyState === "interactive") w.__heading = document.querySelector("#root h1");
    });
  });
}

async function readProbe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: Frame[]; __heading: Element | null };
    const root = document.getElementById("root");
    return {
      frames: w.__frames,
      sameHeading: w.__heading ? document.querySelector("#root h1") === w.__heading : null,
      hydrated: root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer")),
    };
  });
}

/** Console errors and warnings, uncaught errors and CSP violations of the page. */
async function watchProblems(context: BrowserContext, page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  await context.exposeBinding("__cspViolation", (_source, v: string) => void problems.push(`csp: ${v}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  return problems;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root !== null && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
  });

/** Holds the console's scripts back until the returned function is called: the prerendered page alone meanwhile. */
async function holdConsoleCode(context: BrowserContext): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Fills the prerendered form's fields (label → value), in order, and presses Enter in the last one before the console's
 * code runs: the page's inline script holds the submit back and marks the form.
 */
async function submitBeforeHydration(page: Page, fields: Array<[label: string, value: string]>) {
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel(fields.at(-1)![0], { exact: true }).press("Enter");
  expect(await page.locator("form[data-held-submit]").count()).toBe(1);
}

/**
 * Runs `each` for every item at once and waits for all of them; the first failure is thrown once every run has ended
 * (so none is still using a context the test's end closes).
 */
async function inParallel<T>(items: readonly T[], each: (item: T) => Promise<void>): Promise<void> {
  const failed = (await Promise.allSettled(items.map(each))).find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}

describe("prerendered public pages", () => {
  it("paint in the stored language before any script of the console runs (scripts blocked), in all six", async () => {
    const { browser, baseUrl } = tab;
    await inParallel(locales, async (locale) => {
      const context = await browser.newContext({ baseURL: baseUrl, locale: "en-US" });
      try {
        // The console's own code never arrives: what shows is what the HTML and its inline scripts painted.
        await context.route("**/assets/*.js", (route) => route.abort());
        await seedStorage(context, { "arco-locale": locale });
        const page = await context.newPage();
        for (const { path, heading } of pages) {
          await page.goto(path);
          const shown = await page.evaluate(() => ({
            heading: document.querySelector("#root h1")?.textContent,
            lang: document.documentElement.lang,
            visible: getComputedStyle(document.getElementById("root") as Element).visibility,
            templates: document.querySelectorAll("template").length,
            title: document.title,
          }));
          expect(shown, `${path} ${locale}`).toEqual({
            heading: text(locale, heading),
            lang: locale,
            visible: "visible",
            templates: 0,
            title: expect.stringContaining(text(locale, "app.name")),
          });
        }
      } finally {
        await context.close();
      }
    });
  });

  it("show the default (en-US) markup to a browser without scripts", async () => {
    const { browser, baseUrl } = tab;
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const { path, heading } of pages) {
        await page.goto(path);
        expect(await page.locator("#root h1").textContent(), path).toBe(text("en-US", heading));
        expect(await page.locator("#root h1").isVisible(), path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  for (const locale of locales) {
    it(`hydrate in ${locale} without a mismatch, a fallback, a flash of another language or a CSP violation`, async () => {
      const { browser, baseUrl } = tab;
      // The five pages side by side, each in its own context (a first visit: nothing cached): most of a page's time
      // is spent waiting for the network to go quiet, and the waits overlap.
      await inParallel(pages, async ({ path, heading }) => {
        const context = await browser.newContext({ baseURL: baseUrl, locale: "en-US" });
        try {
          // ko-KR and th-TH in the dark theme: the home and enterprise pages have dark variants of their own.
          const dark = locale === "ko-KR" || locale === "th-TH";
          await seedStorage(context, {
            "arco-locale": locale,
            ...(dark ? { "app-settings": JSON.stringify({ theme: "dark" }) } : {}),
          });
          await installProbe(context);
          const page = await context.newPage();
          const problems = await watchProblems(context, page);
          await page.goto(path);
          await hydrated(page);
          await page.waitForLoadState("networkidle");
          await page.waitForTimeout(150);
          const probe = await readProbe(page);
          const where = `${path} ${locale}`;
          expect(problems, where).toEqual([]);
          expect(probe.hydrated, where).toBe(true);
          expect(probe.sameHeading, `${where}: hydration kept the prerendered h1`).toBe(true);
          // Every frame that could paint showed this page in this language and theme, and never a fallback.
          expect(probe.frames.length, where).toBeGreaterThan(0);
          for (const frame of probe.frames)
            expect(frame, where).toEqual({
              heading: text(locale, heading),
              lang: locale,
              form: path === "/login",
              fallback: false,
              dark,
            });
          expect(await page.locator("#root h1").textContent(), where).toBe(text(locale, heading));
        } finally {
          await context.close();
        }
      });
    });
  }

  it("paint a phone's navbar before any script runs, and hydrate it without a mismatch (375 × 740, touch)", async () => {
    const { browser, baseUrl } = tab;
    const phone = { baseURL: baseUrl, viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
    const withoutScripts = await browser.newContext({ ...phone, javaScriptEnabled: false });
    try {
      const page = await withoutScripts.newPage();
      for (const { path } of pages) {
        await page.goto(path);
        const spills = await page.evaluate(() =>
          [...document.querySelectorAll("#root *")]
            .filter(
              (element) =>
                element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === "visible",
            )
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`),
        );
        expect({ path, scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth), spills }).toEqual({
          path,
          scrollWidth: 375,
          spills: [],
        });
      }
    } finally {
      await withoutScripts.close();
    }
    await inParallel(pages, async ({ path }) => {
      const context = await browser.newContext(phone);
      try {
        await installProbe(context);
        const page = await context.newPage();
        const problems = await watchProblems(context, page);
        await page.goto(path);
        await hydrated(page);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(150);
        expect(problems, path).toEqual([]);
        expect((await readProbe(page)).sameHeading, `${path}: hydration kept the prerendered h1`).toBe(true);
      } finally {
        await context.close();
      }
    });
  });

  it("keep the remembered e-mail of /login from the first paint on, and it survives hydration", async () => {
    const { context, page } = tab;
    await seedStorage(context, { rememberedEmail: "remembered@example.com" });
    const problems = await watchProblems(context, page);
    await context.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("remembered@example.com");
    expect(await page.getByRole("checkbox", { name: "Remember password" }).isChecked()).toBe(true);
    await context.unroute("**/assets/*.js");
    await page.reload();
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe("remembered@example.com");
    expect(await page.getByRole("checkbox", { name: "Remember password" }).isChecked()).toBe(true);
    expect(problems.filter((p) => !p.includes("ERR_FAILED"))).toEqual([]);
  });

  it("keep what was typed and ticked before the console's code ran, and sign in with it", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-typing");
    await registerViaApi(baseUrl, email);
    // The console's code is held back until the merchant has filled in the prerendered form.
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    const emailField = page.getByLabel("E-mail", { exact: true });
    const passwordField = page.getByLabel("Password", { exact: true });
    const remember = page.getByRole("checkbox", { name: "Remember password" });
    await emailField.fill(email);
    await passwordField.fill(defaultPassword);
    await page.locator("label", { hasText: "Remember password" }).click();
    expect(await remember.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    release();
    await page.waitForFunction(() => {
      const input = document.querySelector("input[type=password]");
      return input !== null && Object.keys(input).some((key) => key.startsWith("__reactProps$"));
    });
    await page.waitForLoadState("networkidle");
    expect(await emailField.inputValue()).toBe(email);
    expect(await passwordField.inputValue()).toBe(defaultPassword);
    expect(await remember.isChecked()).toBe(true);

    await passwordField.press("Enter");
    await waitForPath(page, "/console/index");
    expect(await page.evaluate(() => localStorage.getItem("rememberedEmail"))).toBe(email);
  });

  it("ease nothing in before the console's code ran (a focus ring shows at once), and ease as Blueprint does after", async () => {
    const { context, page } = tab;
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const shadowOf = (label: string) => field(label).evaluate((f) => getComputedStyle(f).boxShadow);
    const easedOf = (label: string) => field(label).evaluate((f) => getComputedStyle(f).transitionProperty);
    /** Focuses the field and lists the animations running in the next frame (Blueprint eases the ring over 100 ms). */
    const focusAndListAnimations = (label: string) =>
      field(label).evaluate(async (f) => {
        (f as HTMLElement).focus();
        await new Promise(requestAnimationFrame);
        return document
          .getAnimations()
          .map((a) => (a instanceof CSSTransition ? a.transitionProperty : a.constructor.name));
      });
    // The form has painted unfocused: a transition needs a style to start from.
    await field("E-mail").waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const atRest = await shadowOf("Password");

    expect(await easedOf("E-mail")).toBe("none");
    expect(await focusAndListAnimations("E-mail")).toEqual([]);
    const ring = await shadowOf("E-mail");
    expect(ring, "the focus ring is there at once").not.toBe(atRest);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    release();
    await hydrated(page);
    expect(await easedOf("Password")).toContain("box-shadow");
    await field("Password").focus();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await shadowOf("Password")).toBe(ring);
  });

  it("send a sign-in pressed before the console's code ran once the console has the page, without reloading it", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-enter");
    await registerViaApi(baseUrl, email);
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    await submitBeforeHydration(page, [
      ["E-mail", email],
      ["Password", defaultPassword],
    ]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    release();
    await waitForPath(page, "/console/index");
    await page.getByTestId("account-email").waitFor();
    // The console's router moved to it; the browser loaded no other document.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  it("send a registration pressed before the console's code ran once the console has the page", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-register");
    // A code asked for earlier (say, in another tab): before the console's code runs, "Send code" does nothing.
    const code = await codeViaApi(baseUrl, email, "register");
    const release = await holdConsoleCode(context);
    await page.goto("/register", { waitUntil: "commit" });
    await submitBeforeHydration(page, [
      ["E-mail", email],
      ["Verification code", code],
      ["Password", defaultPassword],
      ["Repeat password", defaultPassword],
    ]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    release();
    await onLoginPage(page, "/login");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(email);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await signIn(page, email, defaultPassword);
    await waitForPath(page, "/console/index");
  });

  it("send the forgotten-password step pressed before the console's code ran once the console has the page", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("early-forget");
    await registerViaApi(baseUrl, email);
    const code = await codeViaApi(baseUrl, email, "reset");
    const release = await holdConsoleCode(context);
    await page.goto("/forget", { waitUntil: "commit" });
    await submitBeforeHydration(page, [
      ["E-mail", email],
      ["Verification code", code],
    ]);

    release();
    // The code was checked: the second step asks for the new password.
    await page.getByText("Step 2 of 2").waitFor();
    await page.getByLabel("New password", { exact: true }).waitFor();
    expect(await page.locator("form[data-held-submit]").count()).toBe(0);
  });

  it("apply a language chosen before the console's code ran once the console has the page", async () => {
    const { context, page } = tab;
    const release = await holdConsoleCode(context);
    await page.goto("/login", { waitUntil: "commit" });
    await page.getByRole("combobox", { name: text("en-US", "language.label") }).selectOption("zh-CN");
    expect(await page.locator("h1").textContent()).toBe(text("en-US", "login.title"));

    release();
    await page.waitForFunction(
      () => document.documentElement.lang === "zh-CN" && localStorage.getItem("arco-locale") === "zh-CN",
    );
    await hydrated(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe(text("zh-CN", "login.title"));
    expect(await page.getByRole("combobox", { name: text("zh-CN", "language.label") }).inputValue()).toBe("zh-CN");
  });

  it("send a signed-in /login to the console without painting the form, scripts or not", async () => {
    const { context, page, baseUrl } = tab;
    const email = uniqueEmail("prerender");
    await registerViaApi(baseUrl, email);
    await page.goto("/login");
    await signIn(page, email);
    await waitForPath(page, "/console/index");

    await installProbe(context);
    await page.goto("/login");
    await waitForPath(page, "/console/index");
    await page.getByTestId("account-email").waitFor();
    const probe = await readProbe(page);
    expect(probe.frames.length).toBeGreaterThan(0);
    expect(probe.frames.some((frame) => frame.form)).toBe(false);

    // Without the console's code, nothing of the page paints at all.
    await context.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/login");
    expect(await page.locator("#root").evaluate((root) => root.childElementCount)).toBe(0);
  });
});

/** Computed styles of the elements (by selector) that the purged rules must style as the whole file does. */
async function stylesOf(
  page: Page,
  targets: Record<string, readonly string[]>,
): Promise<Record<string, Record<string, string>>> {
  return page.evaluate((wanted) => {
    const out: Record<string, Record<string, string>> = {};
    for (const [selector, properties] of Object.entries(wanted)) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      const style = getComputedStyle(element);
      out[selector] = Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]));
    }
    return out;
  }, targets);
}

/** Adds Blueprint's whole stylesheet where the console puts it (right after the purged rules, inline or linked) and waits for it. */
async function addWholeStylesheet(page: Page) {
  const href = await page.evaluate(async () => {
    const html = await (await fetch("/no-such-page", { headers: { accept: "text/html" } })).text();
    return /<link rel="stylesheet" href="([^"]+)" data-full-styles>/.exec(html)?.[1] ?? null;
  });
  expect(href).toMatch(/^\/assets\/blueprint-[\w-]+\.css$/);
  await page.evaluate(
    (url) =>
      new Promise<void>((done, fail) => {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = url;
        link.onload = () => done();
        link.onerror = () => fail(new Error(`${url} did not load`));
        (
          document.querySelector("link[data-purged-styles]") ?? document.querySelector("style[data-critical-blueprint]")
        )?.after(link);
      }),
    href as string,
  );
}

const painted = [
  "color",
  "background-color",
  "border-top-color",
  "box-shadow",
  "outline-style",
  "outline-width",
  "outline-color",
  "outline-offset",
  "font-size",
  "font-weight",
  "padding-top",
  "padding-left",
  "border-radius",
  "opacity",
  "display",
  "position",
  "width",
  "height",
];

/** Blueprint eases colours and shadows over 100–300 ms: measure once they have arrived. */
const transitionsDone = (page: Page) =>
  page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { polling: 50 })
    .then(() => page.waitForTimeout(50));

/** The same styles with the purged rules alone and with the whole file added: nothing the purge dropped shows. */
async function expectSameAsWholeFile(
  page: Page,
  name: string,
  targets: Record<string, readonly string[]>,
  shot: () => Promise<Buffer>,
) {
  expect(await page.locator("link[data-full-styles]").count(), "the page starts with the purged rules only").toBe(0);
  await transitionsDone(page);
  const purged = await stylesOf(page, targets);
  const purgedShot = await shot();
  await addWholeStylesheet(page);
  await transitionsDone(page);
  const whole = await stylesOf(page, targets);
  const wholeShot = await shot();
  if (Buffer.compare(wholeShot, purgedShot) !== 0) {
    writeFileSync(join(tmpdir(), `${name}-purged.png`), purgedShot);
    writeFileSync(join(tmpdir(), `${name}-whole.png`), wholeShot);
  }
  expect(whole).toEqual(purged);
  expect(
    Buffer.compare(wholeShot, purgedShot),
    `the screenshot with the whole stylesheet differs (${tmpdir()}/${name}-*.png)`,
  ).toBe(0);
  return purged;
}

describe("Blueprint's purged rules on the prerendered pages", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`style the focus outline, intents and a failed field as the whole stylesheet does (${theme})`, async () => {
      const { context, page } = tab;
      await seedStorage(context, theme === "dark" ? { "app-settings": JSON.stringify({ theme }) } : {});
      await page.goto("/login");
      await hydrated(page);
      // A failed submit turns the fields' intent to danger; then the keyboard brings the focus to the button.
      await button(page, "Sign in").click();
      await page.getByRole("alert").first().waitFor();
      await page.getByRole("link", { name: "Forgot password?" }).focus();
      await page.keyboard.press("Tab");
      expect(await button(page, "Sign in").evaluate((b) => b === document.activeElement)).toBe(true);
      const card = page.locator(".auth-card");
      const styles = await expectSameAsWholeFile(
        page,
        `login-${theme}`,
        {
          "input[type=email]": painted,
          "input[type=password]": painted,
          ".bp6-form-group.bp6-intent-danger .bp6-form-helper-text": painted,
          "button.bp6-intent-primary": painted,
          ".bp6-checkbox .bp6-control-indicator": painted,
          ".auth-card": painted,
          body: ["color", "background-color"],
        },
        () => card.screenshot({ animations: "disabled" }),
      );
      // The focused button has Blueprint's focus outline and its intent's colour; the failed fields their danger ring.
      expect(styles["button.bp6-intent-primary"]?.["outline-style"]).toBe("solid");
      expect(styles["button.bp6-intent-primary"]?.["outline-width"]).toBe("2px");
      expect(styles["button.bp6-intent-primary"]?.["background-color"]).not.toBe("rgba(0, 0, 0, 0)");
      expect(styles["input[type=email]"]?.["box-shadow"]).toMatch(/inset/);
      expect(styles[".bp6-form-group.bp6-intent-danger .bp6-form-helper-text"]?.color).not.toBe(
        styles["input[type=password]"]?.color,
      );
      expect(styles.body?.["background-color"]).toBe(theme === "dark" ? "rgb(28, 33, 39)" : "rgb(245, 247, 250)");
    });

    it(`style the Re-Login dialog as the whole stylesheet does (${theme})`, async () => {
      const { context, page } = tab;
      // A stored session the server no longer knows: loading the profile answers a re-login code on /home.
      await seedStorage(context, {
        token: "expired-token-of-an-old-session",
        UserIdToken: JSON.stringify({
          id: "1",
          email: "old@example.com",
          language: "en-US",
          nickName: "Old",
          avatar: "",
        }),
        ...(theme === "dark" ? { "app-settings": JSON.stringify({ theme }) } : {}),
      });
      await page.goto("/home");
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Re-Login" }).waitFor();
      // Let the opening transition finish.
      await page.waitForFunction(
        () =>
          document.querySelector(
            ".bp6-overlay-enter, .bp6-overlay-enter-active, .bp6-overlay-appear, .bp6-overlay-appear-active",
          ) === null,
      );
      const styles = await expectSameAsWholeFile(
        page,
        `relogin-${theme}`,
        {
          ".bp6-dialog": painted,
          ".bp6-dialog-header": painted,
          ".bp6-dialog-body": painted,
          ".bp6-dialog-footer": painted,
          ".bp6-overlay-backdrop": painted,
          ".bp6-dialog .bp6-button.bp6-intent-primary": painted,
          ".bp6-dialog .bp6-button:not(.bp6-intent-primary)": painted,
        },
        () => page.screenshot({ animations: "disabled" }),
      );
      expect(styles[".bp6-dialog"]?.display).toBe("flex");
      expect(styles[".bp6-overlay-backdrop"]?.position).toBe("fixed");
      expect(styles[".bp6-dialog"]?.["background-color"]).toBe(
        theme === "dark" ? "rgb(28, 33, 39)" : "rgb(246, 247, 249)",
      );
    });
  }
});
