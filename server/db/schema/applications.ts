import type { ColumnType, Generated } from "kysely";
import type { Id, IdRef, Int8 } from "./columns.ts";

export interface ApplicationsTable {
  id: Id;
  merchant_id: IdRef;
  /** Digits, made by the server: the application's number on the wire. */
  app_code: string;
  name: string;
  address: string;
  recharge_callback_url: string;
  withdraw_callback_url: string;
  /** An open-API withdrawal above it waits for the merchant's approval (migration 0034); null: every one is sent. */
  withdraw_auto_approve_limit: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * "Any address" (migration 0043): null, open-API withdrawals go only to the address book's usable destinations; else
   * the most its withdrawals to other destinations may add up to over 24 hours, fees left out.
   */
  withdraw_any_address_daily_limit: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Null for the merchant's own payment address (migration 0035: end_user_id `merchant-wallet`). */
  application_id: IdRef | null;
  end_user_id: string;
  chain_id: number;
  /** The forwarder factory the address was computed under, and the salt (deposit-forwarder.ts depositSalt). */
  factory: string;
  salt: string;
  address: string;
  created_at: Date;
  /** The highest block the watcher's history pass read for this address (migration 0026); null before the first. */
  history_read_to: Int8 | null;
  /** Its past is read up to where the watcher's scans took it over: transfers made before it was issued are stored. */
  history_read: ColumnType<boolean, boolean | undefined, boolean>;
  /** The invoice whose payment address on this chain it is (migration 0044); null for an end user's or the wallet's. */
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** An invoice's address on a chain it did not offer (migration 0048): watched and credited, never shown. */
  invoice_watch_only: ColumnType<boolean, boolean | undefined, boolean>;
}

/**
 * A token currency a merchant turned on or off in My currencies (migration 0039), by chain and lower-cased contract;
 * a merchant without a row accepts the default (server/domain/applications/accepted-currencies.ts).
 */
export interface MerchantCurrenciesTable {
  merchant_id: IdRef;
  chain_id: Int8;
  token: string;
  accepted: boolean;
  changed_at: Date;
}

/** The applications area's tables, its part of `DB` (server/db/schema.ts). */
export interface ApplicationsTables {
  applications: ApplicationsTable;
  application_proofs: ApplicationProofsTable;
  application_verified_windows: ApplicationVerifiedWindowsTable;
  open_api_nonces: OpenApiNoncesTable;
  deposit_addresses: DepositAddressesTable;
  merchant_currencies: MerchantCurrenciesTable;
}
