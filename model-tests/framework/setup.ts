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

afterEach(() => cleanup());
