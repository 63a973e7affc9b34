import type { MatchMedia } from "./viewport-service.ts";

/**
 * A stand-in for `window.matchMedia`, for tests: one screen, narrow or wide, whatever the query; it keeps the
 * queries asked and the listeners bound, and `resize` crosses the breakpoint (or not) as turning a phone or dragging
 * a window's edge would, telling every listener.
 */
export function fakeMatchMedia(narrowAtFirst = false) {
  let narrow = narrowAtFirst;
  const asked: string[] = [];
  const listeners = new Set<() => void>();
  const matchMedia: MatchMedia = (query) => {
    asked.push(query);
    return {
      get matches() {
        return narrow;
      },
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
    };
  };
  return {
    matchMedia,
    asked,
    listeners,
    resize(toNarrow: boolean) {
      narrow = toNarrow;
      for (const listener of [...listeners]) listener();
    },
  };
}
