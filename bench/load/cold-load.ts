/**
 * One cold load of a page: a new browser context (empty HTTP cache, storage and cookies unless a signed-in storage
 * state is given), the probe of bench/load/probe.ts installed, the network recorded, optionally throttled; typing into
 * the input field from the moment it exists until the framework has the keystroke.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type InlineCode, recordNetwork, type Resource } from "./network.ts";
import { installProbe, type ProbeOptions, type ProbeState, readProbe } from "./probe.ts";
import { applyThrottling, type Throttling } from "./throttling.ts";

export interface LoadTarget {
  url: string;
  /** All must match an element with a box: the page is "ready" (form visible, figures shown). */
  readySelectors: string[];
  /** The field typed into for time to interactive; null: not measured. */
  inputSelector: string | null;
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
}

export interface Totals {
  requests: number;
  transferredBytes: number;
  decodedBytes: number;
  gzip9Bytes: number;
}

export interface LoadFigures {
  fcpMs: number | null;
  readyMs: number | null;
  interactiveMs: number | null;
  framework: string | null;
  inputSeenMs: number | null;
  /** The first input event the field got (typed before the framework owned it, in a prerendered page). */
  firstInputMs: number | null;
  keystrokes: number;
  js: Totals;
  css: Totals;
  inline: InlineCode;
  /** JS + CSS files plus the inline blocks: the figure of the 170,000 B goal. */
  jsCss: Totals;
  all: { requests: number; transferredBytes: number };
  resources: Resource[];
  /** What went wrong in this load, if anything (a figure missing, a timeout). */
  notes: string[];
}

/** Typed into the field; not in either console's initial value (Arco Pro prefills "admin"). */
export const marker = "q";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (ms: number | null) => (ms === null ? null : Math.round(ms * 10) / 10);

interface Signal {
  promise: Promise<void>;
  fired: boolean;
  fire(): void;
}

function signal(): Signal {
  let fire = () => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  const result: Signal = {
    promise,
    fired: false,
    fire() {
      result.fired = true;
      fire();
    },
  };
  return result;
}

/**
 * Types the marker again and again from the moment the field exists (the probe's "input" signal; the probe focuses
 * the field in that frame and keeps it focused), until the probe signals that the framework has it or `giveUp`
 * fires. Each key is a real key press through the DevTools Input domain, which the browser routes like a user's
 * (trusted keydown, beforeinput, input, keyup), queued behind whatever the page's main thread is doing. About one key
 * every 10 ms: fine enough for the figure without flooding the page's main thread.
 */
async function typeUntilInteractive(
  page: Page,
  signals: { input: Signal; interactive: Signal; giveUp: Signal },
): Promise<number> {
  let keystrokes = 0;
  await Promise.race([signals.input.promise, signals.interactive.promise, signals.giveUp.promise]);
  while (!signals.interactive.fired && !signals.giveUp.fired) {
    await page.keyboard.type(marker).catch(() => {});
    keystrokes += 1;
    await sleep(10);
  }
  return keystrokes;
}

const totals = (resources: Resource[]): Totals => ({
  requests: resources.length,
  transferredBytes: resources.reduce((sum, r) => sum + r.transferredBytes, 0),
  decodedBytes: resources.reduce((sum, r) => sum + r.decodedBytes, 0),
  gzip9Bytes: resources.reduce((sum, r) => sum + r.gzip9Bytes, 0),
});

export async function coldLoad(
  browser: Browser,
  target: LoadTarget,
  throttling: Throttling | null,
): Promise<LoadFigures> {
  const budgetMs = throttling ? 90_000 : 30_000;
  const notes: string[] = [];
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    storageState: target.storageState,
  });
  try {
    const probeOptions: ProbeOptions = {
      readySelectors: target.readySelectors,
      inputSelector: target.inputSelector,
      marker,
    };
    await context.addInitScript(installProbe, probeOptions);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = recordNetwork(cdp);
    await cdp.send("Network.enable");
    if (throttling) await applyThrottling(cdp, throttling);

    const signals = { input: signal(), ready: signal(), interactive: signal(), giveUp: signal() };
    await context.exposeBinding("__benchSignal", (_source, name: unknown) => {
      if (name === "input" || name === "ready" || name === "interactive") signals[name].fire();
    });
    const budget = setTimeout(() => signals.giveUp.fire(), budgetMs);
    const typing = target.inputSelector ? typeUntilInteractive(page, signals) : Promise.resolve(0);
    await page
      .goto(target.url, { waitUntil: "load", timeout: budgetMs })
      .catch((error: Error) => notes.push(`navigation: ${error.message.split("\n")[0]}`));

    // Ready: the probe's frame loop signals it; then wait for the network to fall quiet, so lazily fetched chunks
    // (a route's page, a locale) count too.
    await Promise.race([signals.ready.promise, signals.giveUp.promise]);
    if (!signals.ready.fired)
      notes.push(`not ready within ${budgetMs / 1000} s (${target.readySelectors.join(" + ")})`);
    if (!(await network.quiet(500, signals.giveUp.fired ? 1_000 : budgetMs)))
      notes.push("the network never fell quiet for 500 ms");
    // A page whose field no framework owns would be typed into until the budget ends: give up 3 s after the quiet.
    const grace = setTimeout(() => signals.giveUp.fire(), 3_000);
    const keystrokes = await typing;
    clearTimeout(grace);
    clearTimeout(budget);

    const probe: ProbeState | null = await page.evaluate(readProbe).catch(() => null);
    const fcpMs = await page
      .evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null)
      .catch(() => null);
    if (target.inputSelector && probe?.interactiveMs == null) {
      notes.push(
        probe?.inputSeenMs == null
          ? `no ${target.inputSelector} to type into`
          : "no keystroke reached a React or Vue state (framework not recognised?)",
      );
    }
    const inline = await network.readBodies();
    const resources = network.resources();
    const js = totals(resources.filter((r) => r.kind === "js"));
    const css = totals(resources.filter((r) => r.kind === "css"));
    return {
      fcpMs: round(fcpMs),
      readyMs: round(probe?.readyMs ?? null),
      interactiveMs: round(probe?.interactiveMs ?? null),
      framework: probe?.framework ?? null,
      inputSeenMs: round(probe?.inputSeenMs ?? null),
      firstInputMs: round(probe?.firstInputMs ?? null),
      keystrokes,
      js,
      css,
      inline,
      jsCss: {
        requests: js.requests + css.requests,
        transferredBytes: js.transferredBytes + css.transferredBytes,
        decodedBytes: js.decodedBytes + css.decodedBytes + inline.decodedBytes,
        gzip9Bytes: js.gzip9Bytes + css.gzip9Bytes + inline.gzip9Bytes,
      },
      all: { requests: resources.length, transferredBytes: resources.reduce((sum, r) => sum + r.transferredBytes, 0) },
      resources,
      notes,
    };
  } finally {
    await context.close();
  }
}
