import { randomBytes } from "node:crypto";
import { type Insertable, type Kysely, sql } from "kysely";
import { fromAtto, toAtto } from "../../../contracts/money.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { invoiceExpiry } from "../../../contracts/schemas/invoice-states.ts";
import type {
  CreateInvoiceBody,
  OpenInvoice,
  OpenInvoiceList,
  OpenInvoiceListQuery,
} from "../../../contracts/schemas/open-api-invoices.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import { prepared } from "../../db/prepared-statements.ts";
import type { DB } from "../../db/schema.ts";
import type { InvoicesTable } from "../../db/schema/invoices.ts";
import { type AcceptableToken, acceptedOfRows } from "../applications/accepted-currencies.ts";
import type { ActingApplication, OpenApiCaller } from "../applications/open-api-caller.ts";
import { type CallbackTargets, checkCallbackUrl } from "../callbacks/callback-target.ts";
import { liveNotification } from "../platform/live-changes.ts";
import { type KeysetList, keysetPage } from "../platform/keyset-page.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { type InvoiceChain, invoiceChainsOf, watchedOnlyChains } from "./invoice-chains.ts";
import { invoiceGroundOf } from "./invoice-ground.ts";
import { applyInvoiceEvents, lockInvoice } from "./invoice-life-store.ts";
import { amountOf, madeBefore, requestHash } from "./invoice-requests.ts";
import { addressesOf, type InvoiceAddressRow, type InvoiceRow, invoiceToWire } from "./invoice-wire.ts";

export interface InvoiceSettings {
  chains: readonly ConfiguredChain[];
  tokens: readonly AcceptableToken[];
  callbackTargets: CallbackTargets;
  secret: Buffer;
  /** The origin the request was signed for: the checkout page's. */
  origin: string;
  now: Date;
}

/** An invoice's payment address is a deposit address of its application under this end user id (migration 0044). */
export const invoiceEndUser = (publicId: string) => `invoice ${publicId}`;

const newPublicId = () => randomBytes(16).toString("base64url");

/** The redirect's host checked as a callback's is: one that resolves to a private or local address is refused. */
async function redirectRefusal(url: string | undefined, targets: CallbackTargets): Promise<Outcome<never> | null> {
  if (url === undefined || targets.allowPrivate) return null;
  const check = await checkCallbackUrl(url, targets);
  if (check.ok || check.reason === "unresolved") return null;
  return fail(
    errCodes.invoiceRedirectForbidden,
    "The redirectUrl points to a private or local address: use one on the public internet",
    400,
  );
}

type WireSettings = Pick<InvoiceSettings, "chains" | "origin">;

const answer = async (db: Kysely<DB>, row: InvoiceRow, settings: WireSettings): Promise<OpenInvoice> =>
  invoiceToWire(row, (await addressesOf(db, [row.id])).get(row.id) ?? [], settings);

/**
 * POST /open/v1/invoices: an invoice for one order of the calling application, with its own forwarder address on
 * each chain offered (and, watched only, on every other configured chain: invoice-chains.ts watchedOnlyChains). Everything is checked before anything is written; the invoice and its addresses are written in
 * one transaction. Racing requests for one order meet at the (application, order) key: one writes, the others answer
 * what it wrote (or are refused if their request differs). Its addresses do not count against the package's wallet
 * limit (that limit is the end customers' permanent addresses), but an active package is needed, as for those.
 */
export async function createInvoice(
  db: Kysely<DB>,
  caller: ActingApplication,
  body: CreateInvoiceBody,
  idempotencyKey: string | undefined,
  settings: InvoiceSettings,
): Promise<Outcome<OpenInvoice>> {
  const amount = amountOf(body.amount);
  if (!amount.ok) return amount;
  const hash = requestHash(body, amount.data);
  const ground = await invoiceGroundOf(db, caller, body.orderId, idempotencyKey);
  const before = madeBefore(ground.earlier, body.orderId, idempotencyKey, hash);
  if (before) return before.ok ? ok(invoiceToWire(before.data.row, before.data.shown, settings)) : before;
  const refusedRedirect = await redirectRefusal(body.redirectUrl, settings.callbackTargets);
  if (refusedRedirect) return refusedRedirect;
  const { now } = settings;
  const { pkg } = ground;
  if (!pkg || pkg.expires_at <= now)
    return fail(errCodes.openApiNoPackage, "Choose or renew a package to create invoices", 403);
  const accepted = acceptedOfRows(ground.choices, settings.tokens, pkg, now);
  const chains = invoiceChainsOf(body.chains, settings.chains, accepted);
  if (!chains.ok) return chains;
  const seconds = body.expiresInSeconds ?? invoiceExpiry.defaultSeconds;
  const made = await insertInvoice(
    db,
    caller,
    {
      public_id: newPublicId(),
      merchant_id: caller.scope.merchantId,
      application_id: caller.applicationId,
      order_id: body.orderId,
      amount: fromAtto(amount.data),
      description: body.description ?? null,
      customer_email: body.customerEmail ?? null,
      redirect_url: body.redirectUrl ?? null,
      metadata: JSON.stringify(body.metadata ?? {}),
      request_hash: hash,
      idempotency_key: idempotencyKey ?? null,
      expires_at: new Date(now.getTime() + seconds * 1000),
      created_at: now,
      updated_at: now,
    },
    chains.data,
    settings,
  );
  // Answered from the rows just written rather than read back.
  if (made) return ok(invoiceToWire(made.row, made.shown, settings));
  // A racing request for the same order or key wrote first.
  const raced = madeBefore(
    (await invoiceGroundOf(db, caller, body.orderId, idempotencyKey)).earlier,
    body.orderId,
    idempotencyKey,
    hash,
  );
  if (!raced) throw new Error("an invoice insert conflicted with no invoice");
  return raced.ok ? ok(invoiceToWire(raced.data.row, raced.data.shown, settings)) : raced;
}

/**
 * The invoice, its address on each chain and its live change, in one statement: a data-modifying WITH is one
 * transaction, as BEGIN, the two inserts, NOTIFY and COMMIT were, in one round trip instead of five. The addresses
 * and the NOTIFY come from the invoice's inserted row, so an order or key another request wrote first (the insert
 * skipped) writes and raises nothing. Returns the row and the offered chains' addresses, as addressesOf would read
 * them back (in chain id order); undefined when the insert was skipped.
 */
async function insertInvoice(
  db: Kysely<DB>,
  caller: ActingApplication,
  values: Insertable<InvoicesTable> & { public_id: string },
  chains: readonly InvoiceChain[],
  settings: InvoiceSettings,
): Promise<{ row: InvoiceRow; shown: InvoiceAddressRow[] } | undefined> {
  const endUser = invoiceEndUser(values.public_id);
  const salt = depositSalt(depositSaltKey(settings.secret), caller.appCode, endUser);
  const addresses = [
    ...chains.map((chain) => ({ chain, watchOnly: false })),
    ...watchedOnlyChains(settings.chains, chains).map((chain) => ({ chain, watchOnly: true })),
  ].map(({ chain, watchOnly }) => ({
    chainId: chain.chainId,
    factory: chain.factory,
    address: depositAddress(chain.factory, salt),
    watchOnly,
  }));
  const listed = sql.join(
    addresses.map((a) => sql`(${a.chainId}::integer, ${a.factory}::text, ${a.address}::text, ${a.watchOnly}::boolean)`),
  );
  const inserted = db
    .insertInto("invoices")
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll();
  const { rows } = await sql<InvoiceRow>`${prepared}
    with invoice as (${inserted}),
    addresses as (
      insert into deposit_addresses
        (merchant_id, application_id, end_user_id, chain_id, factory, salt, address, created_at, invoice_id, invoice_watch_only)
      select invoice.merchant_id, invoice.application_id, ${endUser}::text, a.chain_id, a.factory, ${salt}::text,
        a.address, invoice.created_at, invoice.id, a.watch_only
      from invoice cross join (values ${listed}) as a (chain_id, factory, address, watch_only)
    ),
    notified as (select ${liveNotification("invoice", caller.scope.merchantId, values.public_id)} from invoice)
    select invoice.* from invoice where exists (select from notified)`.execute(db);
  const [row] = rows;
  if (!row) return undefined;
  const shown = addresses
    .filter((a) => !a.watchOnly)
    .map((a) => ({ invoice_id: row.id, chain_id: a.chainId, address: a.address }))
    .sort((x, y) => x.chain_id - y.chain_id);
  return { row, shown };
}

/** One of the calling application's invoices by its public id; another application's reads as none. */
const invoiceRowOf = (db: Kysely<DB>, caller: OpenApiCaller, invoiceId: string) =>
  db
    .selectFrom("invoices")
    .selectAll()
    .where("public_id", "=", invoiceId)
    .where("application_id", "=", caller.applicationId);

const notFound = () => fail(errCodes.invoiceNotFound, "No invoice of this id", 404);

/** GET /open/v1/invoices/{invoiceId}. */
export async function readInvoice(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  invoiceId: string,
  settings: WireSettings,
): Promise<Outcome<OpenInvoice>> {
  const row = await invoiceRowOf(db, caller, invoiceId).executeTakeFirst();
  return row ? ok(await answer(db, row, settings)) : notFound();
}

/** The open API's invoices list, served by invoices_by_application; its cursors are bound to the application. */
const invoiceKeyset: KeysetList = { name: "open-api-invoices", time: "i.created_at", id: "i.id" };

/** GET /open/v1/invoices: the calling application's invoices, newest first, by status and order id. */
export async function listInvoices(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  query: OpenInvoiceListQuery,
  settings: Pick<InvoiceSettings, "chains" | "origin" | "secret">,
): Promise<Outcome<OpenInvoiceList>> {
  const { cursor, pageSize, ...filters } = query;
  let rows = db.selectFrom("invoices as i").selectAll("i").where("i.application_id", "=", caller.applicationId);
  if (filters.status) rows = rows.where("i.status", "=", filters.status);
  if (filters.orderId) rows = rows.where("i.order_id", "=", filters.orderId);
  const request = {
    secret: settings.secret,
    merchantId: caller.scope.merchantId,
    // The application is part of the cursor's context: another application's cursor is refused, as a forged one is.
    filters: { ...filters, applicationId: caller.applicationId },
    cursor,
    pageSize: pageSize === undefined ? 10 : Number(pageSize),
  };
  const page = await keysetPage(db, rows, invoiceKeyset, request);
  if (!page.ok) return page;
  const { rows: found, ...paging } = page.data;
  const addresses = await addressesOf(
    db,
    found.map((r) => r.id),
  );
  return ok({ ...paging, items: found.map((r) => invoiceToWire(r, addresses.get(r.id) ?? [], settings)) });
}

/**
 * POST /open/v1/invoices/{invoiceId}/cancel: only a `new` invoice whose time is not over and at which nothing was
 * seen (no bill at its addresses, whatever its confirmations); a cancelled one answers as it is, so a retried cancel
 * is no error. The row is locked, so a cancel and the invoice's life move it one after the other.
 */
export async function cancelInvoice(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  invoiceId: string,
  settings: Pick<InvoiceSettings, "chains" | "origin" | "now">,
): Promise<Outcome<OpenInvoice>> {
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome<InvoiceRow>> => {
    const row = await invoiceRowOf(trx, caller, invoiceId).forUpdate().executeTakeFirst();
    if (!row) return notFound();
    if (row.status === "cancelled") return ok(row);
    const seen = await trx
      .selectFrom("application_bills as b")
      .innerJoin("deposit_addresses as da", "da.id", "b.deposit_address_id")
      .select("b.id")
      .where("da.invoice_id", "=", row.id)
      .where("b.status", "in", ["confirming", "credited"])
      .executeTakeFirst();
    const received = seen !== undefined || toAtto(row.amount_received) > 0n;
    const why =
      row.status !== "new"
        ? `it is ${row.status}`
        : received
          ? "a payment arrived at it"
          : row.expires_at <= settings.now
            ? "its time is over"
            : null;
    if (why) return fail(errCodes.invoiceNotCancellable, `This invoice can no longer be cancelled: ${why}`, 409);
    const locked = await lockInvoice(trx, row.id);
    await applyInvoiceEvents(trx, locked!, [{ type: "invoice.cancel" }], settings.now);
    return ok(await trx.selectFrom("invoices").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow());
  });
  return outcome.ok ? ok(await answer(db, outcome.data, settings)) : outcome;
}
