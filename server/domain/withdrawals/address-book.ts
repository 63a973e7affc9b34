import type { Kysely, Selectable } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type {
  AddWithdrawalAddressRequest,
  WithdrawalAddress,
  WithdrawalAddressList,
} from "../../../contracts/schemas/wallet.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { DB, WithdrawalAddressesTable } from "../../db/schema.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import { signedInMerchant } from "../identity/merchants.ts";
import { recordSecurityEvent, type SecurityEventSource } from "../identity/security-events.ts";
import type { Session } from "../identity/sessions.ts";
import type { Mailer } from "../messaging/mailer.ts";
import { deliverMail, type MailLog, type OutboxKeys, queueMail } from "../messaging/mail-outbox.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { destinationRefusal, type WithdrawalRules } from "./withdrawal-holds.ts";
import { checkWithdrawalProof } from "./withdrawal-proof.ts";
import { withdrawalRefusalOutcome } from "./withdrawal-refusals.ts";

/**
 * The address book: the only destinations a withdrawal asked in the console may go to. A new one is usable
 * after the configured cool-down (`WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS`), as exchanges do against account takeover:
 * whoever holds a stolen session cannot add an address and empty the balance into it at once, and the owner is told
 * by mail and in the security log the moment one is added.
 */
export const addressBookSize = 20;

type AddressRow = Selectable<WithdrawalAddressesTable>;

export const addressToWire = (row: AddressRow, currencies: CurrencyRegistry, now: Date): WithdrawalAddress => ({
  id: row.id,
  chain: currencies.productOf(row.chain_id),
  address: row.address,
  label: row.label,
  createdAt: row.created_at.toISOString(),
  usableAt: row.usable_at.toISOString(),
  usable: row.usable_at <= now,
});

/** The merchant's live destinations, newest first, and the cool-down a new one waits. */
export async function listWithdrawalAddresses(
  db: Kysely<DB>,
  scope: MerchantScope,
  context: { currencies: CurrencyRegistry; rules: WithdrawalRules | null; now: Date },
): Promise<Outcome<WithdrawalAddressList>> {
  const rows = await db
    .selectFrom("withdrawal_addresses")
    .selectAll()
    .where("merchant_id", "=", scope.merchantId)
    .where("removed_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(addressBookSize)
    .execute();
  return ok({
    items: rows.map((row) => addressToWire(row, context.currencies, context.now)),
    cooldownSeconds: context.rules?.addressCooldownSeconds ?? 0,
  });
}

export interface AddressBookContext {
  currencies: CurrencyRegistry;
  rules: WithdrawalRules | null;
  now: Date;
  /** For the security log. */
  source: SecurityEventSource;
  mail: { mailer: Mailer; keys: OutboxKeys; log: MailLog };
  identity: Pick<IdentityServices, "limits" | "refusals" | "secret">;
}

/**
 * Adds a destination, usable from now + the cool-down, with the code mailed for it (type `withdrawal`) and, when
 * two-factor is on, the authenticator's code (withdrawal-proof.ts) — so a stolen session alone cannot add one (issue
 * 67). Refused when the chain is not configured, the address is not a checksummed address of it or is one of the
 * service's own, already in the book, or the book is full; the code is spent only in the transaction that adds, so a
 * refused add leaves it usable. Recorded in the security log and mailed to the merchant in that transaction (the mail
 * is sent after the commit).
 */
export async function addWithdrawalAddress(
  db: Kysely<DB>,
  session: Session,
  body: AddWithdrawalAddressRequest,
  context: AddressBookContext,
): Promise<Outcome<WithdrawalAddress>> {
  const { currencies, rules, now } = context;
  const { scope } = session;
  if (!rules) return fail(errCodes.withdrawalsNotOffered, "This service sends no withdrawals", 403);
  const chain = currencies.chainByProduct(body.chain);
  if (!chain) return fail(errCodes.chainUnknown, `No chain ${body.chain} is configured`);
  const refusal = await destinationRefusal(db, rules, body.address);
  if (refusal && !refusal.ok) return withdrawalRefusalOutcome(refusal);
  const proof = await checkWithdrawalProof(db, session, body, "withdrawalAddressAdd", context);
  if (!proof.ok) return proof;
  const merchant = await signedInMerchant(db, scope);
  const mail = {
    to: merchant.email,
    subject: "A withdrawal address was added to your Merchant Console account",
    text: `The address ${body.address} ("${body.label}") on ${chain.product} was added to your withdrawal address book. It can receive withdrawals from ${new Date(now.getTime() + rules.addressCooldownSeconds * 1000).toISOString()}. If you did not add it, remove it under My wallet, change your password and turn on two-factor authentication.`,
  };
  const added = await db.transaction().execute(async (trx) => {
    // The merchant's row locked: two adds at once are counted one after the other against the book's size.
    await trx.selectFrom("merchants").select("id").where("id", "=", scope.merchantId).forUpdate().execute();
    const live = await trx
      .selectFrom("withdrawal_addresses")
      .select(["chain_id", "address"])
      .where("merchant_id", "=", scope.merchantId)
      .where("removed_at", "is", null)
      .execute();
    if (live.some((row) => row.chain_id === chain.chainId && row.address === body.address))
      return fail(errCodes.withdrawalAddressExists, "This address is already in your address book");
    if (live.length >= addressBookSize)
      return fail(errCodes.withdrawalAddressBookFull, `The address book holds ${addressBookSize}: remove one first`);
    const row = await trx
      .insertInto("withdrawal_addresses")
      .values({
        merchant_id: scope.merchantId,
        chain_id: chain.chainId,
        address: body.address,
        label: body.label,
        created_at: now,
        usable_at: new Date(now.getTime() + rules.addressCooldownSeconds * 1000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await proof.data.spend(trx);
    const outboxId = await queueMail(trx, mail, null, now, context.mail.keys);
    return ok({ row, outboxId });
  });
  if (!added.ok) return added;
  // A failed send does not undo the add: it is logged and left to the outbox's retries.
  await deliverMail(db, context.mail.mailer, added.data.outboxId, mail, context.mail.log, now);
  return ok(addressToWire(added.data.row, currencies, now));
}

/** Takes a destination out of the book (its row stays, for the withdrawals that went to it). */
export async function removeWithdrawalAddress(
  db: Kysely<DB>,
  scope: MerchantScope,
  id: string,
  context: { now: Date; source: SecurityEventSource },
): Promise<Outcome<null>> {
  if (!/^\d{1,18}$/.test(id)) return fail(errCodes.withdrawalAddressNotFound, "No such address in your address book");
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable("withdrawal_addresses")
      .set({ removed_at: context.now })
      .where("id", "=", id)
      .where("merchant_id", "=", scope.merchantId)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (Number(removed.numUpdatedRows) === 0)
      return fail(errCodes.withdrawalAddressNotFound, "No such address in your address book");
    await recordSecurityEvent(trx, context.source, "withdrawalAddressRemove", "success", scope.merchantId);
    return ok(null);
  });
}

/** A live destination of the merchant's book, or the refusal: unknown (2812), or still cooling down (2813). */
export async function usableDestination(
  db: Kysely<DB>,
  scope: MerchantScope,
  id: string,
  now: Date,
): Promise<Outcome<AddressRow>> {
  const row = /^\d{1,18}$/.test(id)
    ? await db
        .selectFrom("withdrawal_addresses")
        .selectAll()
        .where("id", "=", id)
        .where("merchant_id", "=", scope.merchantId)
        .where("removed_at", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!row) return fail(errCodes.withdrawalAddressNotFound, "No such address in your address book");
  if (row.usable_at > now)
    return fail(
      errCodes.withdrawalAddressCoolingDown,
      `This address can receive withdrawals from ${row.usable_at.toISOString()}`,
    );
  return ok(row);
}
