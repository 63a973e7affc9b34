import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

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

// A path waits for the view to follow its machine. 1 s (the default) is too little for a first render while npm test
// runs other stages on the same two cores; a real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
