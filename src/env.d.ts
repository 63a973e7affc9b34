/// <reference types="vite/client" />

/** One part of one locale file (scripts/vite-locale-parts.ts, src/i18n/locale-parts.ts). */
declare module "locale-part:*" {
  const messages: Record<string, unknown>;
  export default messages;
}
