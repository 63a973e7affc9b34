import type { ColumnType, Generated } from "kysely";

/** Identity columns are int8; both drivers hand them over as strings (see open-database.ts). */
type Id = ColumnType<string, never, never>;
type IdRef = ColumnType<string, string, string>;

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

export type CodePurposeColumn = "register" | "reset" | "change-password" | "link" | "application" | "sign-in";

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

/** One GCRA bucket: `tat` is the theoretical arrival time of the next event (see domain/platform/rate-limit.ts). */
export interface RateLimitsTable {
  bucket: string;
  subject: string;
  tat: Date;
}

export interface MailOutboxTable {
  id: Id;
  recipient: string;
  subject: string;
  /** Sealed (domain/messaging/sealed-mail.ts): AES-256-GCM under a key derived from the server secret; "" once the code expired. */
  body: string;
  /** The plain code for the dev outbox, on test servers (DEV_OUTBOX) only, until code_expires_at; else null. */
  code: string | null;
  code_expires_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
  /** Delivery tries so far; the next one is due at next_attempt_at; failed_at once given up on. */
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  failed_at: Date | null;
}

export interface WalletsTable {
  id: Id;
  merchant_id: IdRef;
  product: string;
  currency: string;
  address: string;
  created_at: Date;
}

export type MessageTypeColumn = "message" | "notice" | "todo";

export interface MessagesTable {
  id: Id;
  merchant_id: IdRef;
  type: MessageTypeColumn;
  /** The event that wrote it (welcome, passwordChanged, …), so the console can translate it; "" for free text. */
  kind: Generated<string>;
  /** en-US texts, shown when the console does not know the kind. */
  title: string;
  sub_title: Generated<string>;
  avatar: Generated<string>;
  content: Generated<string>;
  /** Notices and todos only. */
  message_type: number | null;
  /** 0 unread, 1 read. */
  status: Generated<0 | 1>;
  created_at: Date;
}

/** Orders of the public checkout demo; `expired` is derived from expires_at, never stored. */
export interface DemoOrdersTable {
  order_code: string;
  /** numeric: the drivers hand it over as a string, so no float ever rounds it. */
  amount: ColumnType<string, string, string>;
  currency: Generated<string>;
  chain: string;
  address: string;
  status: Generated<"pending" | "paid">;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
}

export interface DB {
  merchants: MerchantsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  mail_outbox: MailOutboxTable;
  wallets: WalletsTable;
  messages: MessagesTable;
  demo_orders: DemoOrdersTable;
}

/** Every table, in an order that truncation with CASCADE accepts. */
export const tableNames = [
  "collection_leases",
  "callback_attempts",
  "callback_deliveries",
  "outbox_events",
  "application_bills",
  "collections",
  "open_api_nonces",
  "deposit_addresses",
  "application_verified_windows",
  "application_proofs",
  "applications",
  "sign_in_challenges",
  "totp_recovery_codes",
  "totp_factors",
  "security_events",
  "dev_payments",
  "messages",
  "wallets",
  "sessions",
  "verification_codes",
  "rate_limits",
  "mail_outbox",
  "google_link_tickets",
  "google_used_tokens",
  "ledger_transfers",
  "ledger_lines",
  "ledger_journals",
  "ledger_accounts",
  "order_transfers",
  "subscriptions",
  "orders",
  "merchants",
  "demo_orders",
] as const;

/** int8 columns of the chain tables: both drivers hand them over as strings; written as strings too. */
type Int8 = ColumnType<string, string, string>;

/** Per chain: where the watcher goes on (server/chain/watcher.ts). */
export interface ChainCursorsTable {
  chain_id: Int8;
  /** The first block ever scanned (the token's deployment on the devnet, the head at first start elsewhere). */
  start_block: Int8;
  /** The first block not yet scanned. */
  next_block: Int8;
  /** Hash of block 0: another hash there means another chain (a devnet started afresh). */
  genesis_hash: string;
  head_number: Int8 | null;
  head_hash: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Hashes of recently scanned blocks (range ends and blocks with our transfers), to detect reorganisations. */
export interface ChainBlocksTable {
  chain_id: Int8;
  number: Int8;
  hash: string;
}

/** Which instance watches a chain, until expires_at (database time); renewed while it runs. */
export interface ChainLeasesTable {
  chain_id: Int8;
  holder: string;
  expires_at: Date;
  acquired_at: ColumnType<Date, Date | undefined, Date>;
}

export type ChainTransferStatusColumn = "seen" | "confirmed" | "removed";

/** A token transfer to one of our addresses; unique by (chain_id, tx_hash, log_index). */
export interface ChainTransfersTable {
  id: Id;
  chain_id: Int8;
  tx_hash: string;
  log_index: number;
  block_number: Int8;
  block_hash: string;
  /** Checksummed addresses. */
  token: string;
  from_address: string;
  to_address: string;
  /** Token base units, numeric(78, 0) as a string: never a float. */
  amount: ColumnType<string, string, string>;
  status: ChainTransferStatusColumn;
  /** Counted while seen; a confirmed transfer's count is head_number - block_number + 1 of its chain's cursor. */
  confirmations: number;
  seen_at: ColumnType<Date, Date | undefined, Date>;
  confirmed_at: Date | null;
  removed_at: Date | null;
  /** Why the domain set it aside (an amount out of range, a failure of its own); null for every normal transfer. */
  quarantine: ColumnType<string | null, string | null | undefined, string | null>;
  quarantined_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Watch-only receiving addresses, BIP-44 index i of WALLET_XPUB; one per merchant. */
export interface ReceivingAddressesTable {
  address_index: number;
  address: string;
  merchant_id: IdRef | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

// Declaration merging adds the chain tables to DB (above) without rewriting it.
export interface DB {
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_leases: ChainLeasesTable;
  chain_transfers: ChainTransfersTable;
  receiving_addresses: ReceivingAddressesTable;
  dev_payments: DevPaymentsTable;
}

/** Pay from the dev wallet: the order's one transfer on its way (devnet only). */
export interface DevPaymentsTable {
  order_id: Int8;
  tx_hash: string | null;
  created_at: Date;
}

/** numeric columns: both drivers hand them over as strings, and they are written as strings: no float ever rounds money. */
type Numeric = ColumnType<string, string, string>;

export type PackageKindColumn = "trial" | "standard" | "enterprise";
export type TermUnitColumn = "day" | "month" | "quarter" | "year";

/** The packages a merchant buys; seeded by migration 0006 (never truncated by the tests). */
export interface PackagesTable {
  id: Id;
  code: string;
  /** en-US; the console shows `packages.names.<code>` in the merchant's language. */
  name: string;
  kind: PackageKindColumn;
  price: Numeric;
  term_unit: TermUnitColumn;
  term_count: number;
  /** null: unlimited. */
  limit_wallets: number | null;
  limit_currencies: number | null;
  limit_applications: number | null;
  sort_order: number;
}

export type OrderStatusColumn = "pending" | "waiting" | "paid" | "cancelled" | "failed";
export type PayTypeColumn = "chain" | "balance" | "mixed" | "free";

/** A merchant's order for a package; at most one open (pending or waiting) per merchant (partial unique index). */
export interface OrdersTable {
  id: Id;
  order_code: string;
  merchant_id: IdRef;
  package_id: IdRef;
  /** USDT, numeric(20, 6). */
  amount: Numeric;
  status: OrderStatusColumn;
  upgrade: "new" | "extend" | "replace";
  trial: Generated<boolean>;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  pay_type: PayTypeColumn | null;
  finish_pressed_at: Date | null;
  /** When it was paid, cancelled or failed; null while open. */
  closed_at: Date | null;
  /** USDT taken from the balance for it, numeric(38, 18). */
  from_balance: ColumnType<string, string | undefined, string>;
  /** The bought package's expiry, set when it is paid. */
  package_expires_at: Date | null;
}

/** A chain transfer counted for an order; one row per transfer at most. */
export interface OrderTransfersTable {
  transfer_id: IdRef;
  order_id: IdRef;
  merchant_id: IdRef;
  product: string;
  /** USDT, numeric(38, 18), converted with the token's decimals when attached. */
  amount: Numeric;
  /** The chain's confirmations at the time. */
  required: number;
  /** Its confirmation was counted for the (then open) order. */
  counted: Generated<boolean>;
  /** It confirmed after its order closed, so it went to the balance instead. */
  to_balance: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export type LedgerAccountKindColumn = "merchant" | "order" | "receipts" | "revenue" | "reorgLoss";

/**
 * An account of the double-entry ledger (migration 0012): a merchant's balance, an open order's money, a chain's
 * receipts of one token, order revenue, reorganisation losses. `balance` is the sum of its lines, kept by a trigger;
 * a merchant's or an order's never below 0, receipts and losses never above (CHECK).
 */
export interface LedgerAccountsTable {
  id: Id;
  kind: LedgerAccountKindColumn;
  merchant_id: IdRef | null;
  order_id: IdRef | null;
  chain_id: ColumnType<string | null, string | null | undefined, string | null>;
  token: string | null;
  decimals: number | null;
  currency: ColumnType<string, string | undefined, string>;
  balance: ColumnType<string, string | undefined, never>;
}

export type LedgerJournalKindColumn =
  | "orderReceipt"
  | "orderPaid"
  | "late"
  | "unmatched"
  | "orderClosed"
  | "orderPayment"
  | "refund"
  | "reorg"
  | "restore"
  | "recovery"
  | "deposit";

/** One movement of money with its cause (a transfer and/or an order); its lines sum to zero per currency. */
export interface LedgerJournalsTable {
  id: Id;
  kind: LedgerJournalKindColumn;
  transfer_id: IdRef | null;
  order_id: IdRef | null;
  /** A restore's removal, negated exactly; at most one restore per removal. */
  restores: IdRef | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface LedgerLinesTable {
  id: Id;
  journal_id: IdRef;
  account_id: IdRef;
  currency: string;
  /** Signed, numeric(38, 18). */
  amount: ColumnType<string, string, never>;
}

/** Per transfer credited from chain receipts: its value (from its chain row) and what of it is credited (0 ≤ credited ≤ amount). */
export interface LedgerTransfersTable {
  transfer_id: IdRef;
  account_id: IdRef;
  amount: ColumnType<string, never, never>;
  credited: ColumnType<string, never, never>;
}

/** The merchant's package and until when (one row per merchant). */
export interface SubscriptionsTable {
  merchant_id: IdRef;
  package_id: IdRef;
  order_id: IdRef | null;
  started_at: Date;
  expires_at: Date;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DB {
  packages: PackagesTable;
  orders: OrdersTable;
  order_transfers: OrderTransfersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_journals: LedgerJournalsTable;
  ledger_lines: LedgerLinesTable;
  ledger_transfers: LedgerTransfersTable;
  subscriptions: SubscriptionsTable;
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

export interface DB {
  google_link_tickets: GoogleLinkTicketsTable;
  google_used_tokens: GoogleUsedTokensTable;
}

/** Two-factor sign-in (migration 0009). */
export interface DB {
  totp_factors: TotpFactorsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
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

export interface DB {
  security_events: SecurityEventsTable;
}

/** My applications (migration 0013, server/domain/applications/). */
export interface DB {
  applications: ApplicationsTable;
  application_proofs: ApplicationProofsTable;
}

export interface ApplicationsTable {
  id: Id;
  merchant_id: IdRef;
  /** Digits, made by the server: the application's number on the wire. */
  app_code: string;
  name: string;
  address: string;
  recharge_callback_url: string;
  withdraw_callback_url: string;
  remark: Generated<string>;
  status: Generated<"normal" | "stopped">;
  /** The RFC 9421 keyid of the open API: public, unique. */
  app_key: string;
  /** The AppSecret sealed (platform/secret-box.ts), bound to app_key; never stored in clear. */
  secret_sealed: string;
  /** The secret before the last rotation, sealed, and when it stops signing; both null outside a grace window. */
  previous_secret_sealed: string | null;
  previous_secret_valid_until: Date | null;
  /**
   * The Standard Webhooks signing secret (`whsec_…`) of its callbacks, sealed under its own purpose, bound to app_key;
   * null only for an application made before migration 0016 until the server first needs it.
   */
  webhook_secret_sealed: string | null;
  /** The webhook secret before the last rotation, sealed, and when it stops signing; both null outside a grace window. */
  previous_webhook_secret_sealed: string | null;
  previous_webhook_secret_valid_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A checked e-mail code (and TOTP code) for one merchant, application and action: the token's sha-256, single use. */
export interface ApplicationProofsTable {
  token_hash: string;
  merchant_id: IdRef;
  application_id: IdRef;
  action: "edit" | "credentials" | "rotate";
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
  /** sha-256 of the token of the session the code was checked in: only it spends the proof; null without one (0020). */
  session_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Verified windows (migration 0020, server/domain/applications/verified-windows.ts). */
export interface DB {
  application_verified_windows: ApplicationVerifiedWindowsTable;
}

/**
 * One checked application code's window: for this session (sha-256 of its token) and this application, the actions of
 * `verifiedWindowActions` need no new code until `expires_at`, while the session is live.
 */
export interface ApplicationVerifiedWindowsTable {
  session_hash: string;
  application_id: IdRef;
  merchant_id: IdRef;
  opened_at: Date;
  expires_at: Date;
}

/** The open API (migration 0014, server/domain/applications/). */
export interface DB {
  open_api_nonces: OpenApiNoncesTable;
  deposit_addresses: DepositAddressesTable;
}

/** A spent nonce of a signed open-API request, kept while a signature made with it could still be accepted. */
export interface OpenApiNoncesTable {
  app_key: string;
  nonce: string;
  expires_at: Date;
}

/** An end user's deposit address in one application on one chain: computed with CREATE2, no key. */
export interface DepositAddressesTable {
  id: Id;
  merchant_id: IdRef;
  application_id: IdRef;
  end_user_id: string;
  chain_id: number;
  /** The forwarder factory the address was computed under, and the salt (deposit-forwarder.ts depositSalt). */
  factory: string;
  salt: string;
  address: string;
  created_at: Date;
}

/** Application bills and the outbox of events for the merchants' systems (migration 0015, issue 27). */
export interface DB {
  application_bills: ApplicationBillsTable;
  outbox_events: OutboxEventsTable;
}

export type BillStatusColumn = "confirming" | "credited" | "dropped" | "reversed";
export type NoticeStatusColumn = "notNotified" | "success" | "failed";

/** A transfer to a deposit address: one bill per chain transfer; the chain row holds its from, to, block and hash. */
export interface ApplicationBillsTable {
  id: Id;
  bill_no: string;
  merchant_id: IdRef;
  application_id: IdRef;
  deposit_address_id: IdRef;
  transfer_id: IdRef;
  currency: string;
  /** The transfer's value in the token's unit, as the ledger credits it. */
  amount: string;
  status: ColumnType<BillStatusColumn, BillStatusColumn | undefined, BillStatusColumn>;
  confirmations: ColumnType<number, number | undefined, number>;
  required: number;
  seen_at: Date;
  credited_at: Date | null;
  removed_at: Date | null;
  notice_status: ColumnType<NoticeStatusColumn, NoticeStatusColumn | undefined, NoticeStatusColumn>;
  collection_amount: string | null;
  delivery_address: string | null;
  transfer_amount: string | null;
  collection_tx_hash: string | null;
  /** The sweep covering it (migration 0018): set when sent, cleared when it fails or a reorganisation removes it. */
  collection_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sweep's gas fee in wei, once confirmed. */
  collection_gas_fee: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OutboxEventTypeColumn = "deposit.credited" | "deposit.reversed";

/** An event for a merchant's system, written with what caused it; delivered by the callbacks (issue 28). */
export interface OutboxEventsTable {
  id: Id;
  event_id: string;
  type: OutboxEventTypeColumn;
  merchant_id: IdRef;
  application_id: IdRef;
  bill_id: IdRef | null;
  payload: unknown;
  created_at: Date;
}

/** The delivery of outbox events (and test events) to the applications' callback URLs (migration 0017, issue 28). */
export interface DB {
  callback_deliveries: CallbackDeliveriesTable;
  callback_attempts: CallbackAttemptsTable;
}

export type CallbackEventTypeColumn = OutboxEventTypeColumn | "callback.test";
export type CallbackTargetColumn = "recharge" | "withdraw";
export type DeliveryStatusColumn = "pending" | "success" | "failed";

/** One event to one application's callback URL: its exact body, its state and when the next automatic attempt is due. */
export interface CallbackDeliveriesTable {
  id: Id;
  /** Null for a test event. */
  outbox_event_id: IdRef | null;
  event_id: string;
  event_type: CallbackEventTypeColumn;
  merchant_id: IdRef;
  application_id: IdRef;
  bill_id: IdRef | null;
  target: CallbackTargetColumn;
  /** The JSON text signed and POSTed on every attempt. */
  body: string;
  status: ColumnType<DeliveryStatusColumn, DeliveryStatusColumn | undefined, DeliveryStatusColumn>;
  attempts: ColumnType<number, number | undefined, number>;
  /** Of `attempts`, the automatic ones (migration 0019): the retry schedule's position. */
  auto_attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  /** Set by "redeliver every failed one": the due attempt is a manual one, and failing it ends the delivery failed again. */
  redelivery_requested: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  finished_at: Date | null;
}

export type AttemptTriggerColumn = "auto" | "manual" | "test";

/** One attempt of a delivery, as sent and as answered (the Transaction callbacks page). */
export interface CallbackAttemptsTable {
  id: Id;
  delivery_id: IdRef;
  merchant_id: IdRef;
  application_id: IdRef;
  attempt_no: number;
  trigger: AttemptTriggerColumn;
  url: string;
  response_status: number | null;
  /** At most 4 kB. */
  response_body: ColumnType<string, string | undefined, string>;
  error: string | null;
  latency_ms: number;
  succeeded: boolean;
  sent_at: Date;
  next_retry_at: Date | null;
}

/** Collection of deposit addresses into the treasury (migration 0018, server/domain/collection/). */
export interface DB {
  collections: CollectionsTable;
  collection_leases: CollectionLeasesTable;
}

export type CollectionStatusColumn = "sent" | "confirmed" | "failed" | "removed";

/** One sweep of one deposit address's token into the treasury, or one failed try. */
export interface CollectionsTable {
  id: Id;
  chain_id: number;
  token: string;
  deposit_address_id: IdRef;
  delivery_address: string;
  gas_payer: string;
  status: CollectionStatusColumn;
  tx_hash: string | null;
  /** Whether the sweep deployed the address's forwarder. */
  deployed: ColumnType<boolean, boolean | undefined, boolean>;
  /** Token base units swept (the factory's Swept event), once mined. */
  amount: string | null;
  /** Wei paid by the gas payer, once mined. */
  gas_fee: string | null;
  block_number: string | null;
  block_hash: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Which instance sends the chain's sweeps now (the gas payer's one nonce sequence). */
export interface CollectionLeasesTable {
  chain_id: number;
  holder: string;
  expires_at: Date;
}
