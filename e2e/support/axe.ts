import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "playwright-core";

/**
 * axe on the page, run in it (axe.run) rather than the library's default of a partial run here and its end in a new
 * blank page: that page and a second copy of axe-core cost about 0.3 CPU-s a scan (0.57 against 0.26 on /home), on two
 * cores shared with the rest of npm test. The default exists for cross-origin frames, which the console has none of.
 * Only the violations are written out in full (`resultTypes`; the journeys read nothing else): a selector for every
 * node that passed was about a fifth of a scan (0.44 → 0.36 CPU-s on the console home), the violations the same.
 */
export const axeOf = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });

/** What fails a journey: axe's serious and critical findings (the others are printed). */
const blocking = new Set(["serious", "critical"]);

function describeViolation(v: Result): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map((n) => `      ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ") ?? ""}`);
  return [`  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s)) ${v.helpUrl}`, ...nodes].join("\n");
}

/** Fonts, frames and finite transitions over: colours read now are a state the page stays in. */
async function stillPage(page: Page): Promise<void> {
  // Colours read halfway through a transition (a dialog's buttons fading in) are neither the start nor the end state.
  // Endless ones (a spinner) are left alone. Two frames first: a popover opened by the last click starts its fade-in
  // only once React has committed it, and a check before that would find nothing running yet.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Runs axe on what the page shows now, prints every violation and returns the serious and critical ones. A transition
 * that starts while axe reads the page (a toast timing out and fading) blends colours for a moment, so a page with
 * violations is read once more when still: what counts is what is still there.
 */
export async function axeScan(page: Page, name: string): Promise<string[]> {
  await stillPage(page);
  let { violations } = await axeOf(page).analyze();
  if (violations.length) {
    await stillPage(page);
    ({ violations } = await axeOf(page).analyze());
  }
  if (violations.length)
    process.stdout.write(
      `axe ${name}: ${violations.length} violation(s)\n${violations.map(describeViolation).join("\n")}\n`,
    );
  return violations.filter((v) => blocking.has(v.impact ?? "")).map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}`);
}
