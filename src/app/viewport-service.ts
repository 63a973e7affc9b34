import { createActor, fromCallback } from "xstate";
import { type NavDrawerActor, type NavDrawerEvent, navDrawerMachine } from "../../machines/shell/nav-drawer.ts";

/**
 * The breakpoint of the console's frame: below 1024 px (phones, tablets upright) the menu is an off-canvas drawer
 * and the navbar keeps only the logo, the menu button, the message box and the account menu. 1024 px and up (a
 * tablet on its side, laptops) is the wide layout the settings describe. See machines/shell/layout-selectors.ts.
 */
export const narrowScreenQuery = "(max-width: 1023.98px)";

/** What the console needs of `window.matchMedia`'s answer. */
export interface MediaQuery {
  readonly matches: boolean;
  addEventListener(type: "change", listener: () => void): void;
  removeEventListener(type: "change", listener: () => void): void;
}
export type MatchMedia = (query: string) => MediaQuery;

/**
 * The navDrawer actor, its viewport watcher bound to the media query: the width class at once, then each crossing
 * of the breakpoint, as `viewport.changed` events. Without matchMedia (a test's jsdom) the screen is wide.
 */
export function startNavDrawer(matchMedia: MatchMedia | undefined): NavDrawerActor {
  const machine = navDrawerMachine.provide({
    actors: {
      watchViewport: fromCallback<NavDrawerEvent>(({ sendBack }) => {
        if (!matchMedia) return;
        const query = matchMedia(narrowScreenQuery);
        const report = () => sendBack({ type: "viewport.changed", narrow: query.matches });
        report();
        query.addEventListener("change", report);
        return () => query.removeEventListener("change", report);
      }),
    },
  });
  return createActor(machine).start();
}
