import type { Page } from "playwright-core";

/**
 * What a page went through (its API answers, uncaught errors, console errors), kept so that a journey that times out
 * says why: on a loaded machine a rare failure must explain itself from the log alone.
 */
const diaries = new WeakMap<Page, string[]>();
const kept = 30;

export function keepDiary(page: Page): void {
  const diary: string[] = [];
  diaries.set(page, diary);
  const note = (line: string) => {
    diary.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (diary.length > kept) diary.shift();
  };
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    const json = (response.headers()["content-type"] ?? "").includes("application/json");
    const body = json ? await response.text().catch(() => "") : "";
    const refusal = /"success":false.*?"errCode":"?(\w+)"?.*?"errMsg":"([^"]*)"/.exec(body);
    note(
      `${response.request().method()} ${url.pathname} → ${response.status()}${refusal ? ` errCode ${refusal[1]} "${refusal[2]}"` : ""}`,
    );
  });
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") note(`console error: ${message.text().slice(0, 200)}`);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
}

/** The page as a person would describe it now, and its diary. */
export async function describePage(page: Page): Promise<string> {
  const shown = await page
    .evaluate(() => ({
      url: location.href,
      heading: document.querySelector("h1")?.textContent?.trim() ?? null,
      hydrated: document.documentElement.hasAttribute("data-hydrated"),
      heldSubmit: document.querySelector("form[data-held-submit]") !== null,
      alerts: [...document.querySelectorAll("[role=alert], .bp6-toast")]
        .map((n) => n.textContent?.trim())
        .filter(Boolean),
    }))
    .catch((error: Error) => ({ unreadable: error.message }));
  const diary = diaries.get(page) ?? ["(no diary kept for this page)"];
  return `${JSON.stringify(shown)}\n    ${diary.join("\n    ")}`;
}
