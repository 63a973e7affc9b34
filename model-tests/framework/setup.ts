import { cleanup, configure } from "@testing-library/react";
import { Transition } from "react-transition-group";
import { afterEach } from "vitest";
import { sizeGridBodies } from "../../src/ui/list-grid-test-support.ts";

// Blueprint's overlays (dialogs, drawers, popovers, toasts) enter and leave through react-transition-group, which holds
// each step of an animation (300 ms) on a real timer while the simulated browser paints nothing: a path waited that long
// for every dialog to open and to finish closing, a third of the stage's wall time (88 -> 57 s on two idle cores). Here
// the animations last 0 ms, as with no animation in the stylesheet: an overlay still passes through entering and exiting
// with all their callbacks (Blueprint's onOpening, onOpened, onClosing, onClosed; the focus moved in and given back), in
// the same order.
type Timed = { onTransitionEnd(this: unknown, timeout: number | null | undefined, handler: () => void): void };
const transition = Transition.prototype as unknown as Timed;
const onTransitionEnd = transition.onTransitionEnd;
transition.onTransitionEnd = function (timeout, handler) {
  onTransitionEnd.call(this, timeout == null ? timeout : 0, handler);
};

// jsdom lacks these (happy-dom has them); Blueprint's overlays ask for them.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

// A list's data grid (src/ui/list-grid.tsx) draws only the cells inside its body's box, laid out here at 0 × 0: that
// box alone is made as large as a page of 50 rows at any width, so a path sees every row and column of the grid.
sizeGridBodies();

// A path waits for the view to follow its machine. 1 s (the default) is too little for a first render while npm test
// runs other stages on the same two cores; a real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library's own wrapper for every waitFor, findBy and user-event call (@testing-library/react), with one
// change: it lets the work in flight settle by a setTimeout(0), which Node holds for 1 ms, before act's environment
// comes back. setImmediate runs after the same work (React's scheduler and the microtasks it queued) without the
// sleep. A path waits some 7 times a step: list.model-test's 3,406 waits slept 3.6 s of its 34, app-edit's 4,232 4.6 s.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
configure({
  asyncWrapper: async (callback) => {
    const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const result = await callback();
      await new Promise((settled) => setImmediate(settled));
      return result;
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  },
});

afterEach(() => cleanup());
