/**
 * Provider-state sentences used by the pacts. The consumer tests and the verifier import
 * the same strings, so a renamed state cannot drift; parameters are named in braces.
 */
export const states = {
  merchantExists: "a merchant {email} with password {password} exists",
  signedIn: "a merchant {email} is signed in with token {token}",
  tokenRevoked: "the token {token} of merchant {email} was revoked by a logout",
  codeSent: "a verification code {code} was sent to {email} for {type}",
  codeJustRequested: "a verification code was requested for {email} for {type} just now",
  loggedInBefore: "the merchant {email} logged in before from {ip}",
  noMerchant: "no merchant {email} exists",
  unreadMessage: "the merchant {email} has an unread {type} titled {title}",
} as const;

export type StateName = keyof typeof states;
