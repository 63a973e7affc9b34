import type { Page } from "playwright-core";

export interface RegionProblem {
  kind:
    | "cell clipped"
    | "control out of view"
    | "scanned column out of view"
    | "value broken mid-word"
    | "content capped"
    | "cards without their gap";
  element: string;
  detail: string;
  amount: number;
}

/**
 * What a wide screen gets wrong where the rest of the audit looks away (inside a region meant to scroll, inside a
 * value's lines). A table is a `<table>` or an ARIA grid (src/ui/list-grid.tsx: cells `gridcell` and `rowheader`,
 * headers `columnheader`):
 * - a table cell whose text is cut — by its own box without the whole text on hover, or at the edge of a scroll
 *   region that gives no sign it scrolls (no scrollbar drawn, no column pinned to its edge with a shadow, no shade on
 *   the edge it scrolls toward: `data-scroll-more`);
 * - a control outside the visible part of its scroll region: a row's actions always (they are pinned to the edge or
 *   the columns fit), any other control when the region gives no sign it scrolls;
 * - on a desktop (1280 px up), a column a list is scanned by (`[data-scanned]` on its header: what tells rows apart,
 *   the amount, the status, the time) outside the visible part of its scroll region, left of the pinned operations: a
 *   merchant must scroll sideways to read it (the other columns may go behind the list's Columns);
 * - a value (`[data-value]`: an e-mail, a code, a figure) or a table cell's text broken across lines between two
 *   letters or digits, where no reader would split it ("…@example.c / om", "Pendi / ng"); breaking after `@`, `.`,
 *   `-` or at a `<wbr>` is fine;
 * - on a desktop (1280 px up), a signed-in page (`.app-content .page`) narrower than nine tenths of the area it is
 *   given: a cap that leaves a third of the screen empty (the cards and prose inside may keep their own measure);
 * - two cards of a signed-in page, one above or beside the other, less than 8 px apart: their edges run together
 *   (the console home's trend under its figures, My wallet's withdrawals under the address book).
 */
export function auditRegions(page: Page): Promise<RegionProblem[]> {
  return page.evaluate(() => {
    const problems: Array<{ kind: string; element: string; detail: string; amount: number }> = [];
    const name = (node: Element) => {
      const id = node.id ? `#${node.id}` : "";
      const classes =
        typeof node.className === "string" && node.className.trim()
          ? `.${node.className.trim().split(/\s+/).slice(0, 3).join(".")}`
          : "";
      const text = (node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const label = node.getAttribute("aria-label");
      return `${node.tagName.toLowerCase()}${id}${classes}${label ? ` [${label}]` : ""}${text ? ` "${text}"` : ""}`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return (
        style.visibility !== "hidden" &&
        style.display !== "none" &&
        rect.width > 1 &&
        rect.height > 1 &&
        !el.closest("[aria-hidden=true], [inert]")
      );
    };

    /** The region's visible box sideways (its client area). */
    const viewOf = (region: Element) => {
      const box = region.getBoundingClientRect();
      const left = box.left + region.clientLeft;
      return { left, right: left + region.clientWidth };
    };
    const signs = new Map<Element, boolean>();
    const cells = "td, th, [role=gridcell], [role=rowheader], [role=columnheader]";
    /** A region shows that it scrolls: it draws a scrollbar, pins a column to its edge with a shadow, or shades the
     * edge it scrolls toward. */
    const visiblyScrolls = (region: Element) => {
      const known = signs.get(region);
      if (known !== undefined) return known;
      const style = getComputedStyle(region);
      const bar =
        (region as HTMLElement).offsetHeight -
        region.clientHeight -
        Number.parseFloat(style.borderTopWidth) -
        Number.parseFloat(style.borderBottomWidth);
      const pinned = [...region.querySelectorAll("tr > *")].some((cell) => {
        const s = getComputedStyle(cell);
        return s.position === "sticky" && (s.right !== "auto" || s.left !== "auto") && s.boxShadow !== "none";
      });
      // A scrollbar under a long table, below the fold, tells nobody.
      const barInView = bar >= 4 && region.getBoundingClientRect().bottom <= window.innerHeight;
      const shaded = region.closest("[data-scroll-more]") !== null;
      const answer = barInView || pinned || shaded;
      signs.set(region, answer);
      return answer;
    };
    const regionOf = (el: Element) => el.parentElement?.closest("[data-scroll-x]") ?? null;

    // Cells.
    for (const cell of document.body.querySelectorAll(cells)) {
      if (!shown(cell) || !cell.textContent?.trim()) continue;
      const region = regionOf(cell);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? "";
        if (!parent || !text || !shown(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        // Boxes between the text and the region (or the page) that clip it: the cell's own.
        let left = Number.NEGATIVE_INFINITY;
        let right = Number.POSITIVE_INFINITY;
        for (let a: Element | null = parent; a && a !== region && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX === "visible") continue;
          const box = a.getBoundingClientRect();
          left = Math.max(left, box.left + a.clientLeft);
          right = Math.min(right, box.left + a.clientLeft + a.clientWidth);
        }
        const ownCut = Math.max(rect.right - right, left - rect.left, 0);
        const hover = (parent.closest("[title]")?.getAttribute("title") ?? "").includes(text);
        if (ownCut > 1 && !hover) {
          problems.push({
            kind: "cell clipped",
            element: name(cell),
            detail: `its text is cut by ${Math.round(ownCut)} px, the whole value nowhere on hover`,
            amount: ownCut,
          });
          break;
        }
        if (region && !visiblyScrolls(region)) {
          const view = viewOf(region);
          const cut = Math.max(rect.right - view.right, view.left - rect.left, 0);
          if (cut > 1) {
            problems.push({
              kind: "cell clipped",
              element: name(cell),
              detail: `its text reaches ${Math.round(cut)} px past the visible part of a region that shows no sign of scrolling (${Math.round(view.left)}–${Math.round(view.right)})`,
              amount: cut,
            });
            break;
          }
        }
      }
    }

    // Controls inside a region that scrolls sideways.
    const controls = document.body.querySelectorAll(
      "[data-scroll-x] :is(a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=switch])",
    );
    for (const control of controls) {
      const region = regionOf(control);
      if (!region || !shown(control)) continue;
      const rect = control.getBoundingClientRect();
      const view = viewOf(region);
      const out = Math.max(rect.right - view.right, view.left - rect.left, 0);
      if (out <= 1) continue;
      const rowAction = control.closest("tr, [role=gridcell]") !== null;
      if (!rowAction && visiblyScrolls(region)) continue;
      problems.push({
        kind: "control out of view",
        element: name(control),
        detail: `${Math.round(out)} px outside the visible part of its scroll region (${Math.round(view.left)}–${Math.round(view.right)})${rowAction ? ": a row's actions are pinned or fit" : ", which shows no sign of scrolling"}`,
        amount: out,
      });
    }

    // The columns a list is scanned by, in view without scrolling on a desktop.
    if (window.innerWidth >= 1280)
      for (const header of document.body.querySelectorAll("th[data-scanned], [role=columnheader][data-scanned]")) {
        const region = regionOf(header);
        if (!region || !shown(header)) continue;
        const pinned = [...(header.closest("tr")?.children ?? [])].find(
          (cell) => getComputedStyle(cell).position === "sticky",
        );
        const right = viewOf(region).right - (pinned ? pinned.getBoundingClientRect().width : 0);
        const out = header.getBoundingClientRect().right - right;
        if (out > 1)
          problems.push({
            kind: "scanned column out of view",
            element: name(header),
            detail: `${Math.round(out)} px past what the list shows without scrolling at ${window.innerWidth} px: the columns a merchant scans fit, the others go behind Columns`,
            amount: out,
          });
      }

    // Values broken between two letters or digits.
    const wordChar = /[A-Za-z0-9]/;
    for (const value of document.body.querySelectorAll(`[data-value], ${cells}`)) {
      if (!shown(value) || value.querySelector(`[data-value], ${cells}`)) continue;
      const walker = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
      let previous: { char: string; top: number; bottom: number } | null = null;
      // One report an element: the first break names it.
      words: for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        // A break between two text nodes falls at an element (a <wbr>, a tag): a point the page chose.
        previous = null;
        for (let i = 0; i < text.length; i++) {
          const char = text[i]!;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          if (!rect || /\s/.test(char)) {
            previous = null;
            continue;
          }
          if (previous && rect.top >= previous.bottom - 1 && wordChar.test(previous.char) && wordChar.test(char)) {
            problems.push({
              kind: "value broken mid-word",
              element: name(value),
              detail: `a line ends "…${text.slice(Math.max(0, i - 12), i)}" and the next begins "${text.slice(i, i + 12)}…"`,
              amount: 0,
            });
            break words;
          }
          previous = { char, top: rect.top, bottom: rect.bottom };
        }
      }
    }
    if (window.innerWidth >= 1280) {
      for (const pageBox of document.body.querySelectorAll(".app-content .page")) {
        const area = pageBox.parentElement;
        if (!area || !shown(pageBox)) continue;
        const style = getComputedStyle(area);
        const given = area.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const used = pageBox.getBoundingClientRect().width;
        if (used < given * 0.9)
          problems.push({
            kind: "content capped",
            element: name(pageBox),
            detail: `the page uses ${Math.round(used)} of the ${Math.round(given)} px it is given`,
            amount: 0,
          });
      }
    }
    const cards = [...document.body.querySelectorAll(".app-content .bp6-card")].filter(shown);
    for (const [i, a] of cards.entries())
      for (const b of cards.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const along = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        // Stacked (sharing columns) the gap is a vertical one; side by side (sharing rows), a horizontal one.
        const gap = across > 0 ? -along : along > 0 ? -across : Number.POSITIVE_INFINITY;
        if (gap < 8)
          problems.push({
            kind: "cards without their gap",
            element: `${name(a).slice(0, 60)} and ${name(b).slice(0, 60)}`,
            detail: `${Math.round(gap)} px apart`,
            amount: 0,
          });
      }
    return problems as RegionProblem[];
  });
}
