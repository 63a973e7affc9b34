import type { SessionContext, sessionMachine } from "./session.ts";
import type { SnapshotFrom } from "xstate";

/** What the views show of the merchant, read from a session snapshot: the loaded profile first, else the stored user. */
type SessionView = { context: Pick<SessionContext, "user" | "profile"> };

export const selectUserId = ({ context }: SessionView): string => context.profile?.userId ?? context.user?.id ?? "";

export const selectEmail = ({ context }: SessionView): string => context.profile?.email ?? context.user?.email ?? "";

export const selectNickName = ({ context }: SessionView): string =>
  context.profile?.nickName ?? context.user?.nickName ?? "";

/** The greeting and the account button: the nickname, or the e-mail while the merchant has none. */
export const selectDisplayName = ({ context }: SessionView): string =>
  context.profile?.nickName || context.user?.nickName || context.user?.email || "";

/** The sign-in form's start: the remembered e-mail, and "Remember password" ticked when there is one. */
export const selectRememberedLogin = ({ context }: { context: Pick<SessionContext, "rememberedEmail"> }) => ({
  email: context.rememberedEmail ?? "",
  remember: context.rememberedEmail !== null,
});

/** The first profile is on its way: nothing to show yet but a spinner (a reload keeps showing the old one). */
export const selectAwaitingProfile = (snapshot: SnapshotFrom<typeof sessionMachine>): boolean =>
  snapshot.matches({ signedIn: "loadingProfile" }) && snapshot.context.profile === null;

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

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

/** A Google account waits to be linked to the merchant with its e-mail: the sign-in page shows the link step. */
export const selectGoogleLink = (snapshot: SessionSnapshot): { email: string; busy: boolean } | null =>
  snapshot.matches("linkingGoogle") && snapshot.context.googleLink
    ? { email: snapshot.context.googleLink.email, busy: snapshot.matches({ linkingGoogle: "linking" }) }
    : null;

/** Logging out: the navbar's log-out button spins. */
export const selectSigningOut = (snapshot: SessionSnapshot): boolean => snapshot.matches("loggingOut");

/** The profile is (re)loading: the user centre shows its spinner. */
export const selectProfileLoading = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ signedIn: "loadingProfile" });

/** The remembered e-mail alone (a string, so a view selecting it re-renders only when it changes). */
export const selectRememberedEmail = (snapshot: { context: Pick<SessionContext, "rememberedEmail"> }): string =>
  selectRememberedLogin(snapshot).email;

/**
 * The sign-in page's step: the password form, or the second factor (TOTP on) with its field error and whether the
 * code is being checked.
 */
export const selectSecondFactorStep = (snapshot: SessionSnapshot) =>
  snapshot.hasTag("secondFactor")
    ? ({
        kind: "secondFactor",
        busy: snapshot.matches("verifyingSecondFactor"),
        codeError: snapshot.context.fieldErrors.code,
      } as const)
    : ({ kind: "password" } as const);

export const sameSecondFactorStep = (
  a: ReturnType<typeof selectSecondFactorStep>,
  b: ReturnType<typeof selectSecondFactorStep>,
): boolean =>
  a.kind === b.kind &&
  (a.kind === "password" || (b.kind === "secondFactor" && a.busy === b.busy && a.codeError === b.codeError));
