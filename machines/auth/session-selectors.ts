import type { SnapshotFrom } from "xstate";
import type { GoogleLinkActor } from "./google-link.ts";
import type { SecondFactorActor } from "./second-factor.ts";
import type { sessionMachine } from "./session.ts";

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

// What the views show of the merchant: the loaded profile first, else the stored user.

export const selectUserId = ({ context }: SessionSnapshot): string => context.profile?.userId ?? context.user?.id ?? "";

export const selectEmail = ({ context }: SessionSnapshot): string =>
  context.profile?.email ?? context.user?.email ?? "";

export const selectNickName = ({ context }: SessionSnapshot): string =>
  context.profile?.nickName ?? context.user?.nickName ?? "";

/** The greeting and the account button: the nickname, or the e-mail while the merchant has none. */
export const selectDisplayName = ({ context }: SessionSnapshot): string =>
  context.profile?.nickName || context.user?.nickName || context.user?.email || "";

/** The sign-in form's start: the remembered e-mail, and "Remember password" ticked when there is one. */
export const selectRememberedLogin = ({ context }: SessionSnapshot) => ({
  email: context.rememberedEmail ?? "",
  remember: context.rememberedEmail !== null,
});

/** The first profile is on its way: nothing to show yet but a spinner (a reload keeps showing the old one). */
export const selectAwaitingProfile = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: "loadingProfile" }) && snapshot.context.profile === null;

/** The sign-in form's button spins while the password is checked. */
export const selectSigningIn = (snapshot: SessionSnapshot): boolean => snapshot.matches("loggingIn");

/**
 * The sign-in form offers a code mailed to the account (its sign-in is throttled, errCode 2011): the code field with its
 * Send button shows, and stays while the sign-in with it is checked.
 */
export const selectMailCodeOffered = (snapshot: SessionSnapshot): boolean =>
  snapshot.hasTag("mailCode") || (snapshot.matches("loggingIn") && snapshot.context.offerMailCode);

/** Signed in (whatever the profile is doing): the sign-in page moves on. */
export const selectSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches("signedIn");

/** Google's credential is being exchanged for a session. */
export const selectSigningInWithGoogle = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches("loggingInWithGoogle");

/**
 * A Google account waits to be linked to the merchant with its e-mail: the sign-in page shows the link step, drawn from
 * this child's snapshot (google-link-selectors.ts) and sent its events.
 */
export const selectGoogleLinkActor = (snapshot: SessionSnapshot): GoogleLinkActor | undefined =>
  snapshot.children.googleLink;

/** Logging out: the navbar's log-out button spins. */
export const selectSigningOut = (snapshot: SessionSnapshot): boolean => snapshot.matches("loggingOut");

/** The profile is (re)loading: the user centre shows its spinner. */
export const selectProfileLoading = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: "loadingProfile" });

/** The remembered e-mail alone (a string, so a view selecting it re-renders only when it changes). */
export const selectRememberedEmail = (snapshot: SessionSnapshot): string => selectRememberedLogin(snapshot).email;

/**
 * The sign-in asks for the second factor (TOTP on): the sign-in page shows its form, drawn from this child's snapshot
 * (second-factor-selectors.ts) and sent its events, instead of the password form.
 */
export const selectSecondFactorActor = (snapshot: SessionSnapshot): SecondFactorActor | undefined =>
  snapshot.children.secondFactor;
