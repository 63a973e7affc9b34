import type { Page, Response } from "playwright-core";
import { endpoints } from "../../contracts/endpoints.ts";

/**
 * What a page went through (its API answers, uncaught errors, console errors), kept so that a journey that times out
 * says why: on a loaded machine a rare failure must explain itself from the log alone.
 */
const diaries = new WeakMap<Page, Entry[]>();
const kept = 30;

/** A line of the diary, or an API answer whose body is read only when the diary is told (a refusal's errCode in it). */
type Entry = string | { at: string; response: Response };

export function keepDiary(page: Page): void {
  const diary: Entry[] = [];
  diaries.set(page, diary);
  const keep = (entry: Entry) => {
    diary.push(entry);
    if (diary.length > kept) diary.shift();
  };
  const now = () => new Date().toISOString().slice(11, 23);
  const note = (line: string) => keep(`${now()} ${line}`);
  // Reading every answer's body as it came cost Chromium and the runner a round trip per API call of every journey.
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) keep({ at: now(), response });
  });
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") note(`console error: ${message.text().slice(0, 200)}`);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
}

/**
 * The console's call a request is (`user.info`), beside its path: some documented paths say something else (the
 * profile is `GET /api/user/logout?id=`), and a failure was once read as a sign-out from that path alone.
 */
const callNames = new Map(
  Object.values(endpoints).map((row) => [`${row.method} ${row.path.toLowerCase()}`, `${row.area}.${row.call}`]),
);

async function told(entry: Entry): Promise<string> {
  if (typeof entry === "string") return entry;
  const { at, response } = entry;
  const json = (response.headers()["content-type"] ?? "").includes("application/json");
  const body = json ? await response.text().catch(() => "") : "";
  const refusal = /"success":false.*?"errCode":"?(\w+)"?.*?"errMsg":"([^"]*)"/.exec(body);
  const { pathname } = new URL(response.url());
  const method = response.request().method();
  const call = callNames.get(`${method} ${pathname.toLowerCase()}`);
  return `${at} ${method} ${pathname}${call ? ` (${call})` : ""} → ${response.status()}${refusal ? ` errCode ${refusal[1]} "${refusal[2]}"` : ""}`;
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
      // An open dialog's own words (its form's errors, a count it answered), which no alert carries.
      dialogs: [...document.querySelectorAll("[role=dialog]")].map((n) => n.textContent?.trim().slice(0, 300) ?? ""),
    }))
    .catch((error: Error) => ({ unreadable: error.message }));
  const entries = diaries.get(page);
  const diary = entries ? await Promise.all(entries.map(told)) : ["(no diary kept for this page)"];
  return `${JSON.stringify(shown)}\n    ${diary.join("\n    ")}`;
}
