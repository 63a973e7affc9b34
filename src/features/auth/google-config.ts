/**
 * The Google OAuth client id the console was built with (VITE_GOOGLE_CLIENT_ID), or "" when sign-in with
 * Google is off. Read at render time, so tests can set it.
 */
export const googleClientId = (): string => (import.meta.env.VITE_GOOGLE_CLIENT_ID ?? "").trim();
