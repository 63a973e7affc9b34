import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import { type NavDrawerEvent, navDrawerMachine } from "./nav-drawer.ts";

/** The machine with a stand-in for the app's media query: `narrow` at start, `resize` to cross the breakpoint later. */
function start(narrowAtStart: boolean) {
  let sendBack: ((event: NavDrawerEvent) => void) | null = null;
  let stopped = false;
  const machine = navDrawerMachine.provide({
    actors: {
      watchViewport: fromCallback<NavDrawerEvent>(({ sendBack: send }) => {
        sendBack = send;
        send({ type: "viewport.changed", narrow: narrowAtStart });
        return () => {
          stopped = true;
        };
      }),
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    resize: (narrow: boolean) => sendBack?.({ type: "viewport.changed", narrow }),
    stopped: () => stopped,
  };
}

const shown = (actor: ReturnType<typeof start>["actor"]) => ({
  narrow: actor.getSnapshot().hasTag("narrow"),
  open: actor.getSnapshot().hasTag("navOpen"),
});

describe("navDrawer", () => {
  it("knows the width class as soon as it starts, from the viewport watcher", () => {
    expect(shown(start(false).actor)).toEqual({ narrow: false, open: false });
    expect(shown(start(true).actor)).toEqual({ narrow: true, open: false });
  });

  it("opens only on a narrow screen, and closes on close (Escape, a tap outside) and on navigation", () => {
    const wide = start(false).actor;
    expect(wide.getSnapshot().can({ type: "nav.open" })).toBe(false);
    wide.send({ type: "nav.open" });
    expect(shown(wide).open).toBe(false);

    const { actor } = start(true);
    actor.send({ type: "nav.open" });
    expect(shown(actor)).toEqual({ narrow: true, open: true });
    actor.send({ type: "nav.close" });
    expect(shown(actor).open).toBe(false);
    actor.send({ type: "nav.open" });
    actor.send({ type: "nav.navigated" });
    expect(shown(actor).open).toBe(false);
    // A page change with the drawer closed changes nothing.
    actor.send({ type: "nav.navigated" });
    expect(shown(actor)).toEqual({ narrow: true, open: false });
  });

  it("closes the drawer when the screen widens, and narrows again closed", () => {
    const { actor, resize } = start(true);
    actor.send({ type: "nav.open" });
    resize(false);
    expect(shown(actor)).toEqual({ narrow: false, open: false });
    resize(true);
    expect(shown(actor)).toEqual({ narrow: true, open: false });
  });

  it("ignores a report of the width class it is already in", () => {
    const { actor, resize } = start(true);
    actor.send({ type: "nav.open" });
    resize(true);
    expect(shown(actor)).toEqual({ narrow: true, open: true });
  });

  it("stops watching the viewport when stopped", () => {
    const running = start(false);
    running.actor.stop();
    expect(running.stopped()).toBe(true);
  });
});
