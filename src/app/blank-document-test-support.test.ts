// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { blankDocument } from "./blank-document-test-support.ts";
import { ensureFullStyles, fullStylesUrl } from "./full-styles.ts";

/** A script's load as a module waits for it (Google's library): the test DOM runs no scripts and never says. */
function scriptLoad(): Promise<void> {
  const script = document.createElement("script");
  script.src = "https://accounts.google.com/gsi/client";
  document.head.append(script);
  return new Promise((loaded, failed) => {
    script.onload = () => loaded();
    script.onerror = () => failed(new Error("script failed"));
  });
}

describe("each test file starts on a blank page", () => {
  it("lets go of what the last file left: its page, its storage, its address and the loads that never end", async () => {
    // As page-scripts.test.ts, render-console.test.ts and hydration.test.ts left the worker's window.
    document.documentElement.className = "mc-picking";
    document.documentElement.lang = "th-TH";
    document.head.innerHTML = "<title>Sign in</title><style data-critical-blueprint></style>";
    document.body.className = "bp6-dark";
    document.body.innerHTML = '<div id="root" data-prerendered><h1>Sign in</h1></div>';
    localStorage.setItem("token", "signed-in");
    sessionStorage.setItem("draft", "kept");
    history.replaceState(null, "", "/login?redirect=/app/list");
    const styles = ensureFullStyles();
    const google = scriptLoad();
    expect(document.querySelector(`link[href="${fullStylesUrl}"]`)).not.toBeNull();

    blankDocument();

    // The page code that waited for the whole stylesheet goes on, and the script's pending load fails.
    await expect(styles).resolves.toBeUndefined();
    await expect(google).rejects.toThrow("script failed");
    expect(document.head.childNodes).toHaveLength(0);
    expect(document.body.childNodes).toHaveLength(0);
    expect(document.documentElement.getAttributeNames()).toEqual([]);
    expect(document.body.getAttributeNames()).toEqual([]);
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
    expect(`${location.pathname}${location.search}`).toBe("/");
    // The page has no purged rules to complete any more.
    await expect(ensureFullStyles()).resolves.toBeUndefined();
    expect(document.head.childNodes).toHaveLength(0);
  });
});
