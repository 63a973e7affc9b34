import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom lacks these; Blueprint's overlays ask for them.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
}

afterEach(() => cleanup());
