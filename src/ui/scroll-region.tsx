import type { ReactNode } from "react";

interface ScrollRegionProps {
  /** The id of the element naming the region (a caption or a heading). */
  labelledBy: string;
  busy?: boolean;
  /** False when what it holds takes the focus and scrolls itself (a data grid): the region then only names it. */
  focusable?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * Wide content — a table — that scrolls sideways inside itself on a narrow screen, never the page. Reachable and named
 * for the keyboard (a scrolling region needs focus to scroll without a mouse); `data-scroll-x` tells the layout check
 * of the browser journeys that this container is meant to scroll.
 */
export function ScrollRegion({ labelledBy, busy, focusable = true, testId, children }: ScrollRegionProps) {
  return (
    <section
      className="table-scroll"
      aria-labelledby={labelledBy}
      // A scrollable region needs focus to scroll by keyboard.
      tabIndex={focusable ? 0 : undefined}
      aria-busy={busy || undefined}
      data-scroll-x=""
      data-testid={testId}
    >
      {children}
    </section>
  );
}
