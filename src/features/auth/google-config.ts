import { createContext, useContext } from "react";
import { googleClientIdMetaName } from "../../../contracts/schemas/google.ts";

/**
 * The Google OAuth client id the server named in the page (its `<meta name="google-client-id">`,
 * server/http/google-client-meta.ts), or "" when sign-in with Google is off or there is no page (the build's prerender).
 */
function googleClientIdInPage(doc: Pick<Document, "querySelector"> | undefined = globalThis.document): string {
  return doc?.querySelector(`meta[name="${googleClientIdMetaName}"]`)?.getAttribute("content")?.trim() ?? "";
}

/** Set by the build's prerender, which renders /login both with and without Google and has no page to read. */
export const GoogleClientIdContext = createContext<string | undefined>(undefined);

/** The client id sign-in with Google uses, or "" when it is off. Read at render time, so tests can set it. */
export const useGoogleClientId = (): string => useContext(GoogleClientIdContext) ?? googleClientIdInPage();
