// The console's server-side entry (src/prerender/render-page.tsx), built by Vite for Node into a temporary
// folder and imported: one self-contained file with its own copy of React, as scripts/prerender.ts uses it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { build } from "vite";

const repoRoot = resolve(import.meta.dirname, "../..");

/** What the SSR bundle of src/prerender/render-page.tsx exports. */
export interface RenderModule {
  Classes: Record<string, unknown>;
  prerenderedPages: readonly { path: string; module: string; leavesWhenSignedIn: boolean }[];
  locales: readonly string[];
  defaultLocale: string;
  renderPage(
    path: string,
    locale: string,
    theme: "light" | "dark",
    googleClientId?: string,
  ): Promise<{ markup: string; title: string }>;
  renderRunTimeStates(): Promise<string>;
}

export async function loadRenderer(): Promise<{ renderer: RenderModule; cleanup: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), "merchant-console-prerender-"));
  const result = await build({
    configFile: join(repoRoot, "vite.config.ts"),
    root: repoRoot,
    logLevel: "warn",
    build: {
      ssr: "src/prerender/render-page.tsx",
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      manifest: false,
      // One file that keeps its exports: the browser build's chunking is for browsers.
      rolldownOptions: {
        preserveEntrySignatures: "exports-only",
        output: { codeSplitting: false, entryFileNames: "[name].mjs" },
      },
    },
    // Blueprint's ES modules are not loadable by Node as they are published, so everything is bundled.
    ssr: { noExternal: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
  const entry = outputs.find((o) => o.type === "chunk" && o.isEntry);
  if (!entry) throw new Error("the SSR build of src/prerender/render-page.tsx wrote no entry");
  // Node's own loader (require of an ES module, Node 24), also under Vitest, whose module runner would
  // otherwise take the bundle apart again.
  const renderer = createRequire(import.meta.url)(join(outDir, entry.fileName)) as RenderModule;
  return { renderer, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}
