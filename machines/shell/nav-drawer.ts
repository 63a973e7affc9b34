/**
 * The console's frame on a narrow screen: below the breakpoint the menu leaves the side of the page for an
 * off-canvas drawer, opened from the navbar's menu button.
 *
 *   wide ──── viewport.changed (narrow) ───▶ narrow.closed ── nav.open ──▶ narrow.open
 *   narrow ── viewport.changed (wide) ─────▶ wide            narrow.open ── nav.close | nav.navigated ──▶ narrow.closed
 *
 * How wide the screen is reaches the machine as events only: the invoked `watchViewport` (bound by the app to a
 * media query) reports the width class at once and then every crossing of the breakpoint. `nav.close` is the
 * drawer's Escape, a tap outside it or its close button; `nav.navigated` is any change of the page, from the menu or
 * not. Widening the screen with the drawer open closes it (the menu is beside the page again), so a later
 * narrowing starts closed.
 */
import { type ActorRefFrom, fromCallback, setup } from "xstate";

export type NavDrawerEvent =
  | { type: "viewport.changed"; narrow: boolean }
  | { type: "nav.open" }
  | { type: "nav.close" }
  | { type: "nav.navigated" };

/** `narrow`: the screen is below the breakpoint; `navOpen`: the menu drawer is open. */
export type NavDrawerTag = "narrow" | "navOpen";

export const navDrawerMachine = setup({
  types: {} as { events: NavDrawerEvent; tags: NavDrawerTag },
  actors: {
    watchViewport: fromCallback<NavDrawerEvent>(() => {
      // Provided by the app: a media query's listener sending viewport.changed.
    }),
  },
  guards: {
    becomesNarrow: ({ event }) => event.type === "viewport.changed" && event.narrow,
    becomesWide: ({ event }) => event.type === "viewport.changed" && !event.narrow,
  },
}).createMachine({
  id: "navDrawer",
  invoke: { id: "watchViewport", src: "watchViewport" },
  initial: "wide",
  states: {
    wide: { on: { "viewport.changed": { guard: "becomesNarrow", target: "narrow" } } },
    narrow: {
      tags: "narrow",
      initial: "closed",
      on: { "viewport.changed": { guard: "becomesWide", target: "wide" } },
      states: {
        closed: { on: { "nav.open": "open" } },
        open: { tags: "navOpen", on: { "nav.close": "closed", "nav.navigated": "closed" } },
      },
    },
  },
});

export type NavDrawerActor = ActorRefFrom<typeof navDrawerMachine>;
