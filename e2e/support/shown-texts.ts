import { expect } from "vitest";
import type { Page } from "playwright-core";

/** What a page showed matching a pattern, since `recordShown` was called, whatever it shows now. */
export interface ShownRecord {
  /** Resolves once a grid cell of row `dataRow` (its `data-row`) has shown the pattern. */
  inRow(dataRow: string | null, timeout?: number): Promise<void>;
  /** Resolves once anything on the page has shown the pattern. */
  anywhere(timeout?: number): Promise<void>;
}

let records = 0;

/**
 * Records, from now on, every moment the page shows text matching `pattern`, so a state that lasts a second on
 * the devnet (a payment confirming: 3 blocks of one second) is asserted as having been shown, not raced: on a busy
 * machine a step before the look can take longer than the state lasts. A navigation ends the record.
 */
export async function recordShown(page: Page, pattern: RegExp): Promise<ShownRecord> {
  const key = `shown-${++records}`;
  await page.evaluate(
    ({ key, source, flags }) => {
      const pattern = new RegExp(source, flags);
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = seen;
      const matches = (element: Element) => pattern.test(element.textContent ?? "");
      // A grid's cells carry `data-row`; a rendered block of rows is looked into cell by cell.
      const look = (node: Node) => {
        const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
        if (!element || !matches(element)) return;
        const row = element.closest("[data-row]");
        if (row) seen.push(row.getAttribute("data-row") ?? "");
        else {
          seen.push("");
          for (const cell of element.querySelectorAll("[data-row]"))
            if (matches(cell)) seen.push(cell.getAttribute("data-row") ?? "");
        }
      };
      look(document.body);
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          look(mutation.target);
          for (const added of mutation.addedNodes) look(added);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { key, source: pattern.source, flags: pattern.flags },
  );
  const seen = () => page.evaluate((key) => (window as unknown as Record<string, string[]>)[key] ?? [], key);
  return {
    inRow: (dataRow, timeout = 20_000) =>
      expect.poll(async () => (await seen()).includes(dataRow ?? "\u0000"), { timeout, interval: 200 }).toBe(true),
    anywhere: (timeout = 20_000) =>
      expect.poll(async () => (await seen()).length > 0, { timeout, interval: 200 }).toBe(true),
  };
}
