import type { ColumnType, Generated } from "kysely";
import type { Id, IdRef, Int8 } from "./columns.ts";

export interface MerchantsTable {
  id: Id;
  /** Always lower-cased, so the unique index is case-insensitive. */
  email: string;
  password_hash: string;
  nick_name: string;
  avatar: Generated<string>;
  language: Generated<string>;
  role: Generated<string>;
  created_at: Date;
  last_login_at: Date | null;
  last_login_ip: string | null;
  /** The login before the current one: what CheckLastLogin answers. */
  previous_login_at: Date | null;
  previous_login_ip: string | null;
  /** Google's account id (`sub`) once the merchant signed in with Google. */
  google_sub: Generated<string | null>;
}

export interface SessionsTable {
  /** sha-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  merchant_id: IdRef;
  created_at: Date;
  /** Moved forward by authenticated requests (at most once a minute); the idle timeout counts from it. */
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  revoked_at: Date | null;
}

export type CodePurposeColumn =
  | "register"
  | "reset"
  | "change-password"
  | "link"
  | "application"
  | "sign-in"
  | "withdrawal";

export interface VerificationCodesTable {
  id: Id;
  email: string;
  purpose: CodePurposeColumn;
  /** HMAC-SHA-256 of the code under the server's pepper, with this row's random salt. */
  code_hash: string;
  salt: string;
  expires_at: Date;
  /** Wrong tries from the code's requester (`requested_from`)… */
  attempts: Generated<number>;
  /** …and from everyone else together: each side has the code's limit of its own (identity/codes.ts). */
  stranger_attempts: Generated<number>;
  /**
   * Who asked for the code (identity/code-requester.ts): the address's bucket (an IPv6 client's /64), `merchant:<id>`
   * for the account's signed-in session, `device:<sha-256>` for a browser with its device cookie; null for a code
   * stored without one (tests' seeds: every try is then a stranger's).
   */
  requested_from: string | null;
  used_at: Date | null;
  created_at: Date;
}

/** A verified Google identity waiting for the merchant with its e-mail to prove the link (password or mailed code). */
export interface GoogleLinkTicketsTable {
  ticket_hash: string;
  merchant_id: IdRef;
  google_sub: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** ID tokens that have given a session, until they expire: one token, one session. */
export interface GoogleUsedTokensTable {
  token_hash: string;
  expires_at: Date;
}

export interface TotpFactorsTable {
  merchant_id: IdRef;
  /** The TOTP secret sealed with AES-256-GCM under a key derived from the server secret (never stored in clear). */
  secret_sealed: string;
  /** Null while the set-up waits for its confirming code. */
  enabled_at: Date | null;
  /** The time step of the last accepted code: no code of that step or before is accepted again. */
  last_used_step: Int8 | null;
  created_at: Date;
}

export interface TotpRecoveryCodesTable {
  merchant_id: IdRef;
  /** HMAC-SHA-256 of the code under a pepper derived from the server secret. */
  code_hash: string;
  used_at: Date | null;
}

export interface SignInChallengesTable {
  /** sha-256 of the challenge token; the token itself is never stored. */
  token_hash: string;
  merchant_id: IdRef;
  expires_at: Date;
  attempts: Generated<number>;
  /** The first step came with a code mailed to the account: its codes are tried on the mailbox's budget (login-throttle.ts). */
  mailbox_proven: Generated<boolean>;
}

/** The authentication and security event log (server/domain/identity/security-events.ts): no secret in any column. */
export interface SecurityEventsTable {
  id: Id;
  /** Null when no merchant is known (a sign-in for an unknown e-mail, a Google token that did not check out). */
  merchant_id: IdRef | null;
  kind: string;
  outcome: "success" | "failure" | "refused";
  ip: string;
  user_agent: string;
  created_at: Date;
}

/** The identity area's tables, its part of `DB` (server/db/schema.ts). */
export interface IdentityTables {
  merchants: MerchantsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  google_link_tickets: GoogleLinkTicketsTable;
  google_used_tokens: GoogleUsedTokensTable;
  totp_factors: TotpFactorsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  security_events: SecurityEventsTable;
}
