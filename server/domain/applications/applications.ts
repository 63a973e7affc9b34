import type { Kysely, Selectable } from "kysely";
import type {
  AppAddRequest,
  AppEditRequest,
  Application,
  AppListRequest,
  AppListResult,
  AppStatus,
} from "../../../contracts/schemas/apps.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { ApplicationsTable, DB } from "../../db/schema.ts";
import { type KeysetList, wirePage } from "../platform/keyset-page.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import type { Session } from "../identity/sessions.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { transactRetrying } from "../platform/retry-conflicts.ts";
import { newAppKey, newAppSecret, sealAppSecret } from "./app-secrets.ts";
import { roomForApplication } from "./package-limit.ts";
import { usdtText } from "../../../contracts/money.ts";
import { authorizeAppAction, type ProofUse, spendProof } from "./proofs.ts";
import { sensitiveChanges } from "./sensitive-edits.ts";
import { recordSecurityEvent, type SecurityEventSource } from "../identity/security-events.ts";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secrets.ts";
import { nextDayNumber } from "../platform/day-numbers.ts";
import { onApplicationAdded } from "../messaging/messages.ts";

export type ApplicationRow = Selectable<ApplicationsTable>;

export const defaultAppPageSize = 10;
export const appNotFoundMessage = "No such application";

export const toWireApplication = (row: ApplicationRow): Application => ({
  appCode: row.app_code,
  name: row.name,
  address: row.address,
  rechargeCallbackUrl: row.recharge_callback_url,
  withdrawCallbackUrl: row.withdraw_callback_url,
  withdrawAutoApproveLimit: row.withdraw_auto_approve_limit === null ? null : usdtText(row.withdraw_auto_approve_limit),
  withdrawAnyAddressDailyLimit:
    row.withdraw_any_address_daily_limit === null ? null : usdtText(row.withdraw_any_address_daily_limit),
  status: row.status,
  remark: row.remark,
  createdAt: row.created_at.toISOString(),
});

/** The merchant's application of that code, or undefined (another merchant's code included: its row is never read). */
export function ownApplication(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  appCode: string,
): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom("applications")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("app_code", "=", appCode)
    .executeTakeFirst();
}

/** `%`, `_` and `\` of a name search are letters, not patterns. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** My applications' keyset: newest first, then by id (applications_by_merchant serves it). */
const applicationKeyset: KeysetList = { name: "applications", time: "applications.created_at", id: "applications.id" };

/** My applications: the merchant's own, newest first, filtered by status and a part of the name (any case). */
export async function listApplications(
  db: Kysely<DB>,
  scope: MerchantScope,
  search: AppListRequest,
  secret: Buffer,
): Promise<Outcome<AppListResult>> {
  const { cursor, pageSize = defaultAppPageSize, ...filters } = search;
  let query = db.selectFrom("applications").selectAll().where("merchant_id", "=", scope.merchantId);
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.name) query = query.where("name", "ilike", `%${likeLiteral(filters.name)}%`);
  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };
  return wirePage(db, query, applicationKeyset, request, toWireApplication);
}

/** A new application with its AppKey and a sealed AppSecret, if the active package has room for it. */
export function addApplication(
  db: Kysely<DB>,
  scope: MerchantScope,
  input: AppAddRequest,
  { now, secret }: { now: Date; secret: Buffer },
): Promise<Outcome<Application>> {
  return transactRetrying(db, async (trx) => {
    const room = await roomForApplication(trx, scope, now);
    if (!room.ok) return room;
    const appKey = newAppKey();
    const row = await trx
      .insertInto("applications")
      .values({
        merchant_id: scope.merchantId,
        app_code: await nextDayNumber(trx, "application_code_seq", 8, now),
        name: input.name,
        address: input.address,
        recharge_callback_url: input.rechargeCallbackUrl,
        withdraw_callback_url: input.withdrawCallbackUrl,
        withdraw_auto_approve_limit: input.withdrawAutoApproveLimit || null,
        remark: input.remark ?? "",
        app_key: appKey,
        secret_sealed: sealAppSecret(secret, appKey, newAppSecret()),
        webhook_secret_sealed: sealWebhookSecret(secret, appKey, newWebhookSecret()),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await onApplicationAdded(trx, scope);
    return ok(toWireApplication(row));
  });
}

/** Normal ↔ stopped; setting the status it has already is no change and no refusal. */
export async function setApplicationStatus(
  db: Kysely<DB>,
  scope: MerchantScope,
  appCode: string,
  status: AppStatus,
  now: Date,
): Promise<Outcome<Application>> {
  const row = await db
    .updateTable("applications")
    .set({ status, updated_at: now })
    .where("merchant_id", "=", scope.merchantId)
    .where("app_code", "=", appCode)
    .returningAll()
    .executeTakeFirst();
  return row ? ok(toWireApplication(row)) : fail(errCodes.appNotFound, appNotFoundMessage);
}

/** What an edit names, as the row's columns; a field left out is not set at all (it stays as it is). */
function editedColumns(input: Omit<AppEditRequest, "appCode" | "proof">) {
  const limit = (text: string | undefined) => (text === undefined ? undefined : text || null);
  const columns = {
    name: input.name,
    address: input.address,
    recharge_callback_url: input.rechargeCallbackUrl,
    withdraw_callback_url: input.withdrawCallbackUrl,
    withdraw_auto_approve_limit: limit(input.withdrawAutoApproveLimit),
    withdraw_any_address_daily_limit: limit(input.withdrawAnyAddressDailyLimit),
    remark: input.remark,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export const sensitiveEditMessage =
  "Changing a callback URL, raising or removing the approval limit, or opening withdrawals to any address needs a new e-mail code";

/**
 * Changes the fields the edit names, inside the session's verified window on this application or with a proof for
 * `edit` of it spent in the same transaction. A sensitive change (sensitive-edits.ts) is never inside the window: it
 * spends a fresh proof (the mailed code, and the authenticator's code when two-factor is on), and is in the security log.
 */
export function editApplication(
  db: Kysely<DB>,
  session: Session,
  { appCode, proof, ...input }: AppEditRequest,
  context: SecurityEventSource,
): Promise<Outcome<Application>> {
  const { now } = context;
  return transactRetrying(db, async (trx) => {
    const app = await lockedApplication(trx, session, appCode);
    if (!app) return fail(errCodes.appNotFound, appNotFoundMessage);
    const sensitive = sensitiveChanges(app, input).length > 0;
    const use = { proof, applicationId: app.id, action: "edit" as const, now };
    if (sensitive && !proof) return fail(errCodes.appProofRequired, sensitiveEditMessage);
    const allowed = sensitive ? await spendProof(trx, session, use) : await authorizeAppAction(trx, session, use);
    if (!allowed.ok) return allowed;
    const row = await trx
      .updateTable("applications")
      .set({ ...editedColumns(input), updated_at: now })
      .where("id", "=", app.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (sensitive) await recordSecurityEvent(trx, context, "appSensitiveEdit", "success", session.scope.merchantId);
    return ok(toWireApplication(row));
  });
}

/** The session's merchant's application of that code, locked for the transaction's work. */
const lockedApplication = (trx: Kysely<DB>, session: Session, appCode: string) =>
  trx
    .selectFrom("applications")
    .selectAll()
    .where("merchant_id", "=", session.scope.merchantId)
    .where("app_code", "=", appCode)
    .forUpdate()
    .executeTakeFirst();

/**
 * Runs `work` on the session's merchant's application of that code, locked, once the action is let through
 * (proofs.ts, authorizeAppAction: the session's verified window on the application, or the proof for this action on
 * it, spent), all in one transaction: a refusal spends nothing, and a proof is never spent without its work.
 */
export function withProof<T>(
  db: Kysely<DB>,
  session: Session,
  use: Omit<ProofUse, "applicationId"> & { appCode: string },
  work: (trx: Kysely<DB>, app: ApplicationRow) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  return transactRetrying(db, async (trx) => {
    const app = await lockedApplication(trx, session, use.appCode);
    if (!app) return fail(errCodes.appNotFound, appNotFoundMessage);
    const allowed = await authorizeAppAction(trx, session, { ...use, applicationId: app.id });
    if (!allowed.ok) return allowed;
    return work(trx, app);
  });
}
