import type { SnapshotFrom } from "xstate";
import type { googleLinkMachine } from "./google-link.ts";

type GoogleLinkSnapshot = SnapshotFrom<typeof googleLinkMachine>;

/** The link step: the account's e-mail, the ticket a mailed code is asked with, and whether the link is under way. */
export const selectGoogleLinkStep = (snapshot: GoogleLinkSnapshot) => ({
  email: snapshot.context.link.email,
  linkTicket: snapshot.context.link.linkTicket,
  busy: snapshot.matches("linking"),
});

export const sameGoogleLinkStep = (
  a: ReturnType<typeof selectGoogleLinkStep>,
  b: ReturnType<typeof selectGoogleLinkStep>,
): boolean => a.email === b.email && a.linkTicket === b.linkTicket && a.busy === b.busy;

/** The proof's field errors (a password or code malformed). */
export const selectGoogleLinkFieldErrors = ({ context }: GoogleLinkSnapshot) => context.fieldErrors;

/** The server refused the proof (a wrong password or code): said over the forms. */
export const selectGoogleLinkFailure = ({ context }: GoogleLinkSnapshot) => context.failure;
