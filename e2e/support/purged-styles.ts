import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";

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

export const painted = [
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
export async function expectSameAsWholeFile(
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
