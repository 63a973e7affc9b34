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
  googleIdToken: "Google vouches for {email} with a verified ID token for the nonce {nonce}",
  googleForeignToken:
    "a Google-looking ID token for {email} and the nonce {nonce} is signed by a key Google does not publish",
  googleLinkPending: "a Google account with the e-mail of merchant {email} (password {password}) waits to be linked",
  googleCode: "Google issued the authorization code {code} for {email}",
  demoOpen: "the demo merchant takes invoices on the devnet",
  unreadMessage: "the merchant {email} has an unread {type} titled {title}",
  packageOnSale: "the package {packageCode} is on sale",
  openOrder: "the merchant {email} has an open order for the package {packageCode}",
  paidOrder: "the merchant {email} has an order for the package {packageCode} paid by a transfer on {product}",
  balance: "the merchant {email} has a balance of {amount} USDT",
  signInThrottled:
    "strangers' failed sign-ins from other addresses have throttled the sign-in of the merchant {email} with password {password}",
  passwordAndTotp: "the merchant {email} with password {password} has two-factor sign-in on",
  signedInWithTotp: "the merchant {email} signed in with token {token} has two-factor sign-in on",
  signedInTotpPending: "the merchant {email} signed in with token {token} has started a two-factor set-up",
  secondFactorAwaited: "a sign-in of {email} waits for its second factor with challenge {challenge}",
  application: "the merchant {email} has an application named {name}",
  appProof: "the merchant {email} has an application named {name} and a proof {proof} for {action} on it",
  appVerifiedWindow:
    "the merchant {email} has an application named {name} and checked a code for it in the session of token {token} just now",
  bill: "the merchant {email} has a bill of {amount} USDT from the end user {endUserId} of its application {name}",
  invoice:
    "the merchant {email}'s application {name} has a new invoice {invoiceId} of {amount} USDT payable on {product}, returning to {redirectUrl}",
  failedCallback:
    "the merchant {email} has a failed callback of a bill of its application {name}, whose callback URLs refuse connections",
  devnetWatched: "the server watches the devnet chain {product} and its dev account holds test USDT",
  withdrawalAddress:
    "the merchant {email} has the usable withdrawal address {address} on {product} in its address book",
  withdrawal: "the merchant {email} asked a withdrawal of {amount} USDT to {address} on {product}",
  withdrawalAwaitingApproval:
    "an application of the merchant {email} asked a withdrawal of {amount} USDT to {address} on {product} above its auto-approve limit",
  invoiceCounting:
    "the merchant {email} has an invoice of {amount} USDT for the order {orderId} of its application {name}, a transfer to it counting its confirmations",
} as const;

export type StateName = keyof typeof states;
