/**
 * Puts the test DOM back to a fresh tab's blank page. Test files of one environment share their worker's window
 * (`isolate: false` in vite.config.ts and model-tests/vitest.config.ts): its document, its storage, its address and
 * the state of the modules already loaded. A file that left a page there decided what the next file saw. Three such
 * failures came and went with the order the workers happened to take the files in:
 * - page-scripts.test.ts left a prerendered page's `<style data-critical-blueprint>` in the head. The next page code
 *   to load then waited for Blueprint's whole stylesheet (src/app/full-styles.ts), which the test DOM never loads.
 * - render-console.test.ts left a signed-in token in localStorage, so hydration.test.ts's /login went to the console.
 * - hydration.test.ts started loading Google's library, which the test DOM never loads either. Once another file had
 *   emptied the head, google-library.test.ts found that load still pending, with no script tag left for it.
 */
export function blankDocument(win: Window & typeof globalThis = window): void {
  const doc = win.document;
  // Tell every script and stylesheet that was never going to load that it failed, as a browser does when one is
  // blocked. The code still waiting on it stops waiting: a load kept in a module (Google's library, a page's code
  // waiting for the whole stylesheet) would otherwise stay pending in the next files too.
  for (const element of doc.querySelectorAll("script[src], link[rel=stylesheet]")) {
    element.dispatchEvent(new win.Event("error"));
  }
  doc.head.replaceChildren();
  doc.body.replaceChildren();
  for (const element of [doc.documentElement, doc.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  win.localStorage.clear();
  win.sessionStorage.clear();
  win.history.replaceState(null, "", "/");
}
