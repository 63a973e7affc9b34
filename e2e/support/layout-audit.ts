import type { Page } from "playwright-core";
import { auditRegions, type RegionProblem } from "./layout-audit-regions.ts";

/** What the layout check finds on a page as it is on screen now. */
export interface LayoutProblem {
  kind:
    | "page scrolls sideways"
    | "overflows"
    | "spills out"
    | "cut off"
    | "target under 24 px"
    | "primary action under 44 px"
    | "target covered"
    | "text under 12 px"
    | RegionProblem["kind"];
  /** The element, as `tag#id.class "text"`. */
  element: string;
  /** By how much, or how large. */
  detail: string;
}

export interface LayoutAudit {
  viewport: number;
  scrollWidth: number;
  /** Every problem, the worst overflow first. */
  problems: LayoutProblem[];
  /** The element reaching furthest past its box or the screen, named; "" when nothing does. */
  widest: string;
}

export interface AuditOptions {
  /** Height a primary action (a primary button that is neither small nor minimal) must reach. */
  primaryMin: number;
}

/**
 * Measures the page in the browser:
 * - the document no wider than the viewport (`scrollWidth` = `clientWidth`);
 * - no element or text reaching past the screen or past an ancestor that clips it, and no box whose content spills
 *   out sideways over its neighbours — except inside a container meant to scroll sideways (`data-scroll-x`: tables,
 *   the tab bar), which must itself fit;
 * - interactive targets at least 24 × 24 px (WCAG 2.2 2.5.8; inline links in a sentence are exempt, a hidden
 *   check box or radio counts as its label), primary actions at least `primaryMin` px high, and none covered by
 *   another element where a finger would press it (its centre), unless by an overlay on top of the page;
 * - no text smaller than 12 px;
 * - and what a wide screen gets wrong inside scroll regions and values (support/layout-audit-regions.ts).
 */
export async function auditLayout(page: Page, options: AuditOptions): Promise<LayoutAudit> {
  const audit = await auditPage(page, options);
  const regions = await auditRegions(page);
  regions.sort((a, b) => b.amount - a.amount);
  return {
    ...audit,
    problems: [...audit.problems, ...regions.map(({ kind, element, detail }) => ({ kind, element, detail }))],
  };
}

function auditPage(page: Page, options: AuditOptions): Promise<LayoutAudit> {
  return page.evaluate((opts) => {
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const problems: Array<{
      kind: string;
      element: string;
      detail: string;
      amount: number;
      width: number;
      order: number;
    }> = [];
    const report = (kind: string, element: string, detail: string, amount: number, width = 0) =>
      problems.push({ kind, element, detail, amount, width, order: problems.length });

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
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
    };
    /** Content that is cut away on purpose: screen-reader-only text, clipped to nothing. */
    const clippedAway = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return (style.clip !== "auto" && rect.width <= 1) || (style.clipPath !== "none" && rect.width <= 1);
    };

    const boxStyles = new Map<Element, { position: string; transform: string; filter: string; overflowX: string }>();
    /** An element's box-related styles, read once an audit: every element's walk up reads its ancestors' again. */
    const boxStyleOf = (el: Element) => {
      let box = boxStyles.get(el);
      if (!box) {
        const { position, transform, filter, overflowX } = getComputedStyle(el);
        box = { position, transform, filter, overflowX };
        boxStyles.set(el, box);
      }
      return box;
    };
    /**
     * The box that clips `el` sideways: the nearest ancestors in its containing-block chain whose overflow is not
     * visible, narrowed together, or the screen. `scroller` is set when one of them is meant to scroll sideways.
     * Kept per element for the audit (a page's texts and boxes ask for the same ones).
     */
    type Clip = { left: number; right: number; scroller: Element | null };
    const clipsOf = { self: new Map<Element, Clip>(), parent: new Map<Element, Clip>() };
    const clipOf = (el: Element, includeSelf: boolean): Clip => {
      const known = includeSelf ? clipsOf.self : clipsOf.parent;
      const found = known.get(el);
      if (found) return found;
      let left = 0;
      let right = viewport;
      let scroller: Element | null = null;
      let mode = includeSelf ? "static" : boxStyleOf(el).position;
      for (let a = includeSelf ? el : el.parentElement; a && a !== root && a !== document.body; a = a.parentElement) {
        const style = boxStyleOf(a);
        const containsAbsolute = style.position !== "static" || style.transform !== "none" || style.filter !== "none";
        const containsFixed = style.transform !== "none" || style.filter !== "none";
        if (mode === "fixed" && !containsFixed) continue;
        if (mode === "absolute" && !containsAbsolute) continue;
        if (style.overflowX !== "visible") {
          const box = a.getBoundingClientRect();
          left = Math.max(left, box.left + a.clientLeft);
          right = Math.min(right, box.left + a.clientLeft + a.clientWidth);
          if ((style.overflowX === "auto" || style.overflowX === "scroll") && a.hasAttribute("data-scroll-x"))
            scroller = a;
        }
        mode = style.position === "fixed" || style.position === "absolute" ? style.position : "static";
      }
      const clip = { left, right, scroller };
      known.set(el, clip);
      return clip;
    };

    const overflowOf = (rect: DOMRect, clip: { left: number; right: number }) => {
      // Entirely off to the left is hidden on purpose (the skip link until it has focus).
      if (rect.right <= 0) return 0;
      return Math.max(rect.right - clip.right, clip.left - rect.left, 0);
    };

    if (root.scrollWidth > viewport) {
      report(
        "page scrolls sideways",
        "html",
        `scrollWidth ${root.scrollWidth} > ${viewport}`,
        root.scrollWidth - viewport,
      );
    }

    const elements = [...document.body.querySelectorAll("*")];
    for (const el of elements) {
      if (el instanceof SVGElement && el.ownerSVGElement) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || !visible(el) || clippedAway(el)) continue;
      const clip = clipOf(el, false);
      if (clip.scroller) continue;
      // Content wider than a box that lets it show spills over whatever is beside the box.
      const style = getComputedStyle(el);
      if (
        style.overflowX === "visible" &&
        style.display !== "inline" &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + 1 &&
        !(el instanceof SVGElement)
      ) {
        report(
          "spills out",
          name(el),
          `its content is ${el.scrollWidth} px wide in a ${el.clientWidth} px box`,
          el.scrollWidth - el.clientWidth,
        );
      }
      const amount = overflowOf(rect, clip);
      if (amount > 1)
        report(
          "overflows",
          name(el),
          `${Math.round(amount)} px past its box (${Math.round(rect.left)}–${Math.round(rect.right)} of ${Math.round(clip.left)}–${Math.round(clip.right)})`,
          amount,
          rect.width,
        );
    }

    // An ellipsis is a cut the merchant can undo: the whole text shows on hover (a title on the element or around it).
    const fullTextOnHover = (el: Element, text: string) =>
      getComputedStyle(el).textOverflow === "ellipsis" &&
      (el.closest("[title]")?.getAttribute("title") ?? "").includes(text);

    // Text: cut off by its own element's overflow (an ellipsis, unless the whole text shows on hover) or by an ancestor's.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || ["SCRIPT", "STYLE", "OPTION", "TEXTAREA"].includes(parent.tagName))
        continue;
      if (!visible(parent) || clippedAway(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const clip = clipOf(parent, true);
      if (!clip.scroller && !fullTextOnHover(parent, node.textContent.trim())) {
        const amount = overflowOf(rect, clip);
        if (amount > 1)
          report("cut off", name(parent), `its text reaches ${Math.round(amount)} px past its box`, amount);
      }
      const size = Number.parseFloat(getComputedStyle(parent).fontSize);
      if (size < 12) report("text under 12 px", name(parent), `${size} px`, 0);
    }

    // Targets: what a finger must hit.
    const interactive = document.body.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=menuitem], [role=link], [role=checkbox], [role=radio], [role=switch]",
    );
    const seen = new Set<Element>();
    for (const el of interactive) {
      let target: Element = el;
      if (el instanceof HTMLInputElement && ["checkbox", "radio"].includes(el.type)) target = el.closest("label") ?? el;
      if (seen.has(target)) continue;
      seen.add(target);
      const rect = target.getBoundingClientRect();
      if (
        rect.width === 0 ||
        rect.height === 0 ||
        !visible(target) ||
        clippedAway(target) ||
        (target as HTMLElement).closest("[aria-hidden=true], [inert]")
      )
        continue;
      const style = getComputedStyle(target);
      // WCAG 2.5.8 exempts a link inside a sentence.
      const inline =
        target.tagName === "A" &&
        style.display === "inline" &&
        [...(target.parentElement?.childNodes ?? [])].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
      if (inline) continue;
      if (rect.width < 24 - 0.5 || rect.height < 24 - 0.5) {
        report("target under 24 px", name(target), `${Math.round(rect.width)} × ${Math.round(rect.height)} px`, 0);
      }
      const primary = target.matches(".bp6-button.bp6-intent-primary:not(.bp6-small):not(.bp6-minimal)");
      if (primary && rect.height < opts.primaryMin - 0.5) {
        report("primary action under 44 px", name(target), `${Math.round(rect.height)} px high`, 0);
      }
      // Two boxes drawn over each other fit each on its own: what the finger reaches at the centre tells — where the
      // centre is in view, not scrolled away inside a box that scrolls (a drawer's body, the tab bar).
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const inView = (() => {
        if (x < 0 || x >= viewport || y < 0 || y >= root.clientHeight) return false;
        for (let a = target.parentElement; a && a !== root && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const box = a.getBoundingClientRect();
          if (x < box.left || x >= box.right || y < box.top || y >= box.bottom) return false;
        }
        return true;
      })();
      if (inView) {
        const hit = document.elementFromPoint(x, y);
        const layer = (node: Element) => node.closest(".bp6-portal, .bp6-overlay");
        const behindAnOverlay = hit !== null && layer(hit) !== null && layer(hit) !== layer(target);
        if (hit && !target.contains(hit) && !hit.contains(target) && !behindAnOverlay) {
          report("target covered", name(target), `its centre is under ${name(hit)}`, 0);
        }
      }
    }

    // The worst first; of elements reaching as far, the widest (a table rather than its cells), then the outermost.
    problems.sort((a, b) => b.amount - a.amount || b.width - a.width || a.order - b.order);
    const widest =
      problems.find((p) => p.kind === "overflows") ?? problems.find((p) => p.amount > 1 && p.element !== "html");
    return {
      viewport,
      scrollWidth: root.scrollWidth,
      problems: problems.map(({ kind, element, detail }) => ({ kind, element, detail })) as LayoutProblem[],
      widest: widest ? `${widest.element} (${widest.detail})` : "",
    };
  }, options);
}

/** One line per problem, for a failure message. */
export function describeAudit(where: string, audit: LayoutAudit): string {
  const head = `${where}: document ${audit.scrollWidth} px on a ${audit.viewport} px screen${audit.widest ? `; widest: ${audit.widest}` : ""}`;
  return [
    head,
    ...audit.problems.slice(0, 12).map((p) => `    ${p.kind}: ${p.element} — ${p.detail}`),
    audit.problems.length > 12 ? `    … and ${audit.problems.length - 12} more` : "",
  ]
    .filter(Boolean)
    .join("\n");
}
