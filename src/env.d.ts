/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Google OAuth client id; when set, the sign-in page offers "Continue with Google". */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
}
