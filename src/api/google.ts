import { endpoints } from "../../contracts/endpoints.ts";
import type { GoogleCodeRequest, GoogleLoginRequest } from "../../contracts/schemas/google.ts";
import type { Call } from "./client.ts";

/** Sign-in with Google: the popup's authorization code, or an ID token (button, One Tap). */
export const googleApi = (call: Call) => ({
  googleLogin: (body: GoogleLoginRequest) => call(endpoints.googleLogin, { body }),
  googleCode: (body: GoogleCodeRequest) => call(endpoints.googleCode, { body }),
});
