import type { IndexHtmlTransformHook } from "vite";
import { describe, expect, it } from "vitest";
import { googleClientIdMetaName } from "../contracts/schemas/google.ts";
import { EnvironmentSequencer } from "./test-times/environment-sequencer.ts";
import { googleClientIdInDevPages } from "./vite-google-client-meta.ts";

describe("the build's configuration (vite.config.ts)", () => {
  // One import of the configuration for every plugin checked: loading it (Vite, its plugins) is the file's whole cost.
  it("runs the console's own plugins: Blueprint's whole stylesheet and its hotkeys' warnings; test:unit grouped by environment, each DOM file on a blank page", async () => {
    const { default: config } = await import("../vite.config.ts");
    const names = (config.plugins ?? [])
      .flat()
      .map((plugin) => (plugin && typeof plugin === "object" && "name" in plugin ? plugin.name : null));
    expect(names).toEqual(
      expect.arrayContaining([
        "blueprint-whole-stylesheet",
        "blueprint-hotkey-warnings",
        "google-client-id-in-dev-pages",
      ]),
    );
    // test:unit's files one environment after another (scripts/test-times/environment-sequencer.ts).
    expect(config.test?.sequence?.sequencer).toBe(EnvironmentSequencer);
    // Files sharing a worker's window each start on a blank page (src/app/blank-document-test-support.ts), the model
    // tests' as well.
    const { default: modelTests } = await import("../model-tests/vitest.config.ts");
    for (const setupFiles of [config.test?.setupFiles, modelTests.test?.setupFiles])
      expect(setupFiles).toContain("src/app/blank-document-setup.ts");
  });

  it("names the Google client id in the dev server's page from the API server's settings, and nothing without one", () => {
    // Vite writes the tag and escapes its attributes.
    const tags = (env: NodeJS.ProcessEnv) =>
      (googleClientIdInDevPages(env).transformIndexHtml as IndexHtmlTransformHook).call({} as never, "", {} as never);
    expect(tags({ GOOGLE_CLIENT_ID: ' dev"<id>.apps.googleusercontent.com ' })).toEqual([
      {
        tag: "meta",
        attrs: { name: googleClientIdMetaName, content: 'dev"<id>.apps.googleusercontent.com' },
        injectTo: "head",
      },
    ]);
    expect(tags({ VITE_GOOGLE_CLIENT_ID: "older-name.apps.googleusercontent.com" })).toHaveLength(1);
    expect(tags({})).toEqual([]);
  });
});
