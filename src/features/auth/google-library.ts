import { googleScopes } from "../../../contracts/schemas/google.ts";

/** The part of Google Identity Services (https://accounts.google.com/gsi/client) the console uses. */
export interface GoogleCodeResponse {
  code?: string;
  /** The `state` the code client was opened with, handed back by Google. */
  state?: string;
  error?: string;
  error_description?: string;
}

export interface GoogleCodeClientConfig {
  client_id: string;
  scope: string;
  ux_mode: "popup";
  /** A value made for this press only; Google hands it back with the code (RFC 6749 section 10.12). */
  state: string;
  callback: (response: GoogleCodeResponse) => void;
  error_callback?: (error: { type: string; message?: string }) => void;
}

export interface GoogleIdentityServices {
  accounts: { oauth2: { initCodeClient(config: GoogleCodeClientConfig): { requestCode(): void } } };
}

declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

export const googleLibraryUrl = "https://accounts.google.com/gsi/client";

/** The English of spec section 8; the console shows the translations under `google.`. */
export const googleMessages = {
  clientIdRequired: "clientId is required",
  libraryFailed: "Failed to load the Google 3P Authorization JavaScript Library.",
} as const;

let loading: Promise<void> | null = null;

/**
 * Adds Google's script tag once (only when a client id is configured: the CSP lets Google in only then);
 * callers meanwhile share the load. A failed load can be retried: the broken tag is removed.
 */
export function loadGoogleLibrary(doc: Document = document): Promise<void> {
  if (window.google?.accounts?.oauth2) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = googleLibraryUrl;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google?.accounts?.oauth2 ? resolve() : reject(new Error(googleMessages.libraryFailed));
    script.onerror = () => reject(new Error(googleMessages.libraryFailed));
    doc.head.appendChild(script);
  }).then(
    () => {
      loading = null;
    },
    (error: unknown) => {
      loading = null;
      doc.querySelector(`script[src="${googleLibraryUrl}"]`)?.remove();
      throw error;
    },
  );
  return loading;
}

/** 128 random bits, base64url: a popup's `state`. */
const randomState = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
};

/**
 * Opens Google's popup (code flow, scopes email profile openid); resolves with the authorization code. Each press has
 * its own `state`: a code that comes back without it (another press's, or one an attacker's page hands over) is refused.
 */
export function requestGoogleCode(clientId: string): Promise<string> {
  if (!clientId) return Promise.reject(new Error(googleMessages.clientIdRequired));
  const oauth2 = window.google?.accounts?.oauth2;
  if (!oauth2) return Promise.reject(new Error(googleMessages.libraryFailed));
  const state = randomState();
  return new Promise<string>((resolve, reject) => {
    const client = oauth2.initCodeClient({
      client_id: clientId,
      scope: googleScopes,
      ux_mode: "popup",
      state,
      callback: (response) =>
        response.code && response.state === state
          ? resolve(response.code)
          : reject({
              type: response.code ? "state_mismatch" : (response.error ?? "unknown"),
              message: response.error_description,
            }),
      error_callback: (error) => reject(error),
    });
    client.requestCode();
  });
}
