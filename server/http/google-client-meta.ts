import { googleClientIdMetaName } from "../../contracts/schemas/google.ts";
import { type BuiltFile, replacedContent } from "./built-files.ts";

const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/** Where the console reads the client id (src/features/auth/google-config.ts): a tag, so no inline script for the CSP. */
export const googleClientIdTag = (clientId: string): string =>
  `<meta name="${googleClientIdMetaName}" content="${escapeAttribute(clientId)}">`;

/** A page of the console (index.html, a prerendered page) naming the client id in its head, compressed again. */
export function withGoogleClientId(page: BuiltFile, clientId: string): BuiltFile {
  const html = page.identity.toString("utf8");
  const at = html.indexOf("</head>");
  if (at < 0) throw new Error("a console page has no </head> to put the Google client id before");
  return replacedContent(page, Buffer.from(`${html.slice(0, at)}${googleClientIdTag(clientId)}${html.slice(at)}`));
}
