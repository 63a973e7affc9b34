/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google OAuth client id; when set, the sign-in page offers "Continue with Google". */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
}

/** One part of one locale file (scripts/vite-locale-parts.ts, src/i18n/locale-parts.ts). */
declare module "locale-part:*" {
  const messages: Record<string, unknown>;
  export default messages;
}
