import type { Plugin } from "vite";
import { googleClientIdMetaName } from "../contracts/schemas/google.ts";
import { googleSettingsFromEnv } from "../server/domain/identity/google-identity.ts";

/**
 * `npm run dev`: Vite's dev server sends index.html itself, not the API server that names the Google client id in every
 * page it sends (server/http/google-client-meta.ts), so the console would never offer "Continue with Google" there.
 * This names it the same way, from the same settings the API server beside it reads.
 */
export function googleClientIdInDevPages(env: NodeJS.ProcessEnv = process.env): Plugin {
  return {
    name: "google-client-id-in-dev-pages",
    apply: "serve",
    transformIndexHtml() {
      const clientId = googleSettingsFromEnv(env)?.clientId;
      return clientId
        ? [{ tag: "meta", attrs: { name: googleClientIdMetaName, content: clientId }, injectTo: "head" }]
        : [];
    },
  };
}
