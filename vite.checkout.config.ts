import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localeParts } from "./scripts/vite-locale-parts.ts";

/**
 * The hosted checkout page (`/pay/{invoiceId}`, pay.html): a build of its own, after the console's, into the same
 * dist/. Its own so that the console's chunking (one initial chunk, vite.config.ts) cannot pull the console into
 * the page, nor the page's needs reshape the console's chunks; the two share only the hashed locale-part names.
 */
export default defineConfig({
  plugins: [react(), localeParts()],
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
