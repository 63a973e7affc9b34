import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localeParts } from "./scripts/vite-locale-parts.ts";
import { preloadStylesheets } from "./scripts/vite-preload-styles.ts";

/**
 * The hosted checkout page (`/pay/{invoiceId}`, pay.html): a build of its own, after the console's, into the same
 * dist/. Its own so that the console's chunking (one initial chunk, vite.config.ts) cannot pull the console into
 * the page, nor the page's needs reshape the console's chunks; the two share only the hashed locale-part names.
 * It renders with Preact's React-compatible layer instead of react-dom (about 4 kB against 60 kB gzip), so a customer
 * on a slow phone network waits for half of what /login loads; the page's unit tests render it with React, its
 * Chromium journey (e2e/checkout.e2e.test.ts) with what is shipped.
 */
export default defineConfig({
  plugins: [react(), localeParts(), preloadStylesheets()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  // The console's build copied public/ already.
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: false,
    // scripts/checkout-weight.ts reads it for the page's budget, then deletes it.
    manifest: ".vite/checkout-manifest.json",
    rolldownOptions: { input: "pay.html" },
  },
});
