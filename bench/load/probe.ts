/**
 * What the page itself notes during a cold load, installed as an init script (it runs before any of the page's own
 * scripts, in every document of the context). Times are `performance.now()`: milliseconds since the navigation's
 * time origin, the clock first-contentful-paint uses.
 *
 * "Ready" (form visible on /login, all figures shown on /console/index) is the first frame in which every one of
 * `readySelectors` matches an element with a non-zero box. A requestAnimationFrame loop asks on every frame: rAF
 * callbacks run in the frame's rendering step, before its style, layout and paint, and getBoundingClientRect there
 * lays out exactly what that frame paints, so the first callback that sees the box is the first frame that shows it.
 * Polling each frame (rather than a MutationObserver alone) also catches a box that appears without a DOM mutation,
 * e.g. when a stylesheet arrives and un-hides a prerendered form. The time is `performance.now()` in that callback,
 * the moment the frame's rendering actually starts (the rAF timestamp argument is when the frame was *scheduled*,
 * which can be far earlier if a long task held the main thread) — so it precedes that frame's pixels by the frame's
 * own layout and paint, a few ms, and can come out a little before first-contentful-paint (which is the presentation
 * time) when both are the same frame. The alternative, CDP screenshots (screencast or tracing), samples pixels
 * asynchronously at a throttled rate and would need image analysis to know whether the input is drawn; it also
 * loads the 2 shared cores. The page's own frame loop is cheap and independent of how the page was built
 * (client-rendered or prerendered HTML) or of which framework draws it.
 *
 * "Interactive" is when a keystroke typed into `inputSelector` has reached the framework's state. The probe focuses
 * the field in the first frame it exists and the bench types a marker character again and again from then on
 * (bench/load/cold-load.ts); the field's
 * DOM `value` would show the character even when no script has run (prerendered HTML), so it proves nothing. What
 * proves it is the props the framework last rendered the element with:
 *   - React DOM keeps, on every element it owns, the props of its last commit under `__reactProps$<random>`
 *     (`__reactEventHandlers$` before React 17); it writes them when it creates or hydrates the element and on every
 *     commit that updates it. A controlled input's `value` prop there containing the marker means the onChange
 *     handler ran, the component's state took the character and React re-rendered the input with it. Before React
 *     has hydrated a prerendered field the key is absent, so this cannot be true early.
 *   - Vue 3's runtime-dom writes the bound value to `el._value` each time it patches an element's `value`
 *     (patchDOMProp), so a marker there means the component re-rendered with the typed value (Arco Pro Vue).
 * A page that is neither never becomes "interactive" (null, printed n/a). The marker must not be in the field's
 * initial value (Arco Pro prefills "admin").
 */
export interface ProbeOptions {
  readySelectors: string[];
  inputSelector: string | null;
  marker: string;
}

export interface ProbeState {
  readyMs: number | null;
  interactiveMs: number | null;
  /** Which framework's record proved the keystroke: "react" or "vue", null when none was found. */
  framework: string | null;
  /** When the input field first existed (the typing starts then). */
  inputSeenMs: number | null;
  /** The first input event the field received, handled or not. */
  firstInputMs: number | null;
}

/** The init script. Self-contained: Playwright sends its source to the browser. */
export function installProbe(options: ProbeOptions): void {
  if (window.top !== window) return;
  const state: ProbeState = {
    readyMs: null,
    interactiveMs: null,
    framework: null,
    inputSeenMs: null,
    firstInputMs: null,
  };
  Object.defineProperty(window, "__benchProbe", { value: state });
  // The bench's binding (cold-load.ts): tells it when the field exists, the page is ready, the keystroke arrived, so
  // it waits on events instead of polling the page.
  const signal = (name: "input" | "ready" | "interactive") => {
    const binding = (window as unknown as Record<string, unknown>).__benchSignal;
    if (typeof binding === "function") binding(name);
  };

  const hasBox = (selector: string) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };

  /** The value the framework last rendered the input with, or undefined when no framework owns it (yet). */
  const renderedValue = (element: Element): { framework: string; value: unknown } | undefined => {
    const fields = element as unknown as Record<string, unknown>;
    const reactKey = Object.keys(fields).find(
      (key) => key.startsWith("__reactProps$") || key.startsWith("__reactEventHandlers$"),
    );
    if (reactKey) {
      const props = fields[reactKey] as { value?: unknown } | null | undefined;
      return props && "value" in props ? { framework: "react", value: props.value } : undefined;
    }
    if ("_value" in fields) return { framework: "vue", value: fields._value };
    return undefined;
  };

  const checkInteractive = () => {
    if (state.interactiveMs !== null || !options.inputSelector) return;
    const input = document.querySelector(options.inputSelector);
    if (!input) return;
    // Focus it as a user's click would, in this frame, so the bench's keys go to it without a round trip to ask;
    // again in later frames if the framework replaced the element (a prerendered field re-created by the client).
    if (document.activeElement !== input && input instanceof HTMLElement) input.focus();
    if (state.inputSeenMs === null) {
      state.inputSeenMs = performance.now();
      signal("input");
    }
    const rendered = renderedValue(input);
    if (rendered && typeof rendered.value === "string" && rendered.value.includes(options.marker)) {
      state.interactiveMs = performance.now();
      state.framework = rendered.framework;
      signal("interactive");
    }
  };

  const onFrame = () => {
    if (state.readyMs === null && options.readySelectors.every(hasBox)) {
      state.readyMs = performance.now();
      signal("ready");
    }
    checkInteractive();
    if (state.readyMs === null || (options.inputSelector && state.interactiveMs === null))
      requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  // After each input event, look again once the framework's own listeners and its synchronous re-render are done
  // (React flushes a discrete event's update before the next task; Vue's scheduler runs in a microtask).
  addEventListener(
    "input",
    (event) => {
      if (!options.inputSelector || !(event.target instanceof Element) || !event.target.matches(options.inputSelector))
        return;
      state.firstInputMs ??= performance.now();
      setTimeout(checkInteractive, 0);
    },
    true,
  );
}

/** Reads the probe's state from the page (null before the probe exists, e.g. on about:blank). */
export function readProbe(): ProbeState | null {
  return ((window as unknown as Record<string, unknown>).__benchProbe as ProbeState | undefined) ?? null;
}
