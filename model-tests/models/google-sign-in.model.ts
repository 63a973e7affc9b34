import { googleSignInMachine } from "../../machines/auth/google-sign-in.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";

const { done, failed } = eventBuilders(googleSignInMachine);

/** The client id the server names in the page in these paths (GOOGLE_CLIENT_ID). */
export const googleClientId = "model-test.apps.googleusercontent.com";
/** The code Google's (faked) popup hands over. */
export const googlePopupCode = "4/model-test-popup-code";

/** How Google's popup ends without a code, and how a tester makes that happen. */
export const popupEndings: Record<string, string> = {
  popup_closed: "Close Google's window without choosing an account",
  popup_failed_to_open: "The browser blocks Google's window (pop-ups not allowed)",
  server_error: "Google's window answers with an error (server_error)",
};

const noClientId =
  "the sign-in page renders the Google button only when the server names a client id that is not blank after trimming (login-page.tsx, google-config.ts), so this machine never starts without a client id; machines/auth/google-sign-in.test.ts covers it";

export const googleSignInModel: MachineModel<typeof googleSignInMachine> = {
  id: "googleSignIn",
  machine: googleSignInMachine,
  starts: [{ name: "sign-in page, client id configured", input: { clientId: googleClientId } }],
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadLibrary", undefined),
        failed("loadLibrary", new Error("Failed to load the Google 3P Authorization JavaScript Library.")),
      ];
    if (s.matches("ready") || s.matches("unavailable")) return [{ type: "google.start" }];
    if (s.matches("awaitingCode"))
      return [
        done("requestCode", googlePopupCode),
        ...Object.keys(popupEndings).map((type) => failed("requestCode", { type })),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "google.start":
        return `Press ${english("google.continue")}`;
      case "xstate.done.actor.loadLibrary":
        return "Google's script (accounts.google.com/gsi/client) loads";
      case "xstate.error.actor.loadLibrary":
        return "Google's script fails to load (e.g. blocked by an ad blocker or the network)";
      case "xstate.done.actor.requestCode":
        return "Pick the account in Google's window: it closes and hands over a code, and the console signs in with it (the session model walks that sign-in)";
      case "xstate.error.actor.requestCode":
        return popupEndings[(e.error as { type?: string }).type ?? ""] ?? e.type;
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const problem = s.context.failure ? `, above it ${english(`google.${s.context.failure}`)}` : "";
    if (s.matches("loading"))
      return `${english("google.continue")} shows a spinner and cannot be pressed (Google's script is loading)`;
    if (s.matches("awaitingCode")) return `Google's window is open; ${english("google.continue")} shows a spinner`;
    if (s.matches("unavailable")) return `${english("google.continue")} can be pressed to try again${problem}`;
    return `Google's window is closed; ${english("google.continue")} is back${problem}`;
  },
  excluded: [
    { transition: "googleSignIn.checking on always → googleSignIn.unavailable", why: noClientId },
    { transition: "googleSignIn.unavailable on google.start → (stays)", why: noClientId },
  ],
};
