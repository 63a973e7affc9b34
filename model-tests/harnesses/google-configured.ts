import { afterAll } from "vitest";
import { googleClientIdMetaName } from "../../contracts/schemas/google.ts";

/**
 * Sign-in with Google configured for this harness's paths, as a server with GOOGLE_CLIENT_ID says it: the client id in
 * the page's meta tag (server/http/google-client-meta.ts). Taken away after the file, whose DOM the next file reuses.
 */
export function googleConfigured(clientId: string): void {
  const meta = document.createElement("meta");
  meta.name = googleClientIdMetaName;
  meta.content = clientId;
  document.head.append(meta);
  afterAll(() => meta.remove());
}
