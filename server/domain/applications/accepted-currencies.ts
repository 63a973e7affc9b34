import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { ChainLayer } from "../../chain/chain-layer.ts";
import { currencyKey } from "../../chain/currency-registry.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { activePackageOf } from "./package-limit.ts";

/**
 * A currency a merchant can accept (My currencies): a token of a chain this server follows. Main coins are
 * not among them: a deposit address forwards tokens, and the watchers read token transfers only.
 */
export interface AcceptableToken {
  chainId: number;
  /** The contract, lower-cased: with the chain, the currency's key. */
  token: string;
  symbol: string;
  /** The chain's `{product}` (Devnet, Eth …). */
  product: string;
}

/** Every token of the configured chains, in the Currency list's order: the chains', then each chain's tokens. */
export function acceptableTokens(layer: ChainLayer | null): AcceptableToken[] {
  return (layer?.currencies.tokens ?? []).map((t) => ({
    chainId: t.chainId,
    token: t.address.toLowerCase(),
    symbol: t.symbol,
    product: t.product,
  }));
}

const keyOf = (t: { chainId: number; token: string }) => currencyKey(t.chainId, t.token);

/** What the merchant accepts now, of the tokens offered now. */
export interface AcceptedCurrencies {
  /** The accepted tokens' keys (`chainId:token`). */
  keys: ReadonlySet<string>;
  /**
   * Tokens the merchant turned on past the package's currency limit (a package that allows fewer than before, or none):
   * not accepted, in the list's order after the first `limit` turned on, until one of those is turned off or the
   * package allows more.
   */
  held: ReadonlySet<string>;
  /** The active package's currency limit: null for none, 0 without an active package. */
  limit: number | null;
  /** The active package's name, for a refusal; null without one. */
  packageName: string | null;
  /** No choice made yet: the first `limit` tokens of the list are accepted. */
  defaulted: boolean;
}

export const isAccepted = (set: AcceptedCurrencies, t: { chainId: number; token: string }): boolean =>
  set.keys.has(keyOf(t));

export const isHeld = (set: AcceptedCurrencies, t: { chainId: number; token: string }): boolean =>
  set.held.has(keyOf(t));

type PackageLimit = Pick<AcceptedCurrencies, "limit" | "packageName">;

type ActivePackage = Awaited<ReturnType<typeof activePackageOf>>;

const limitOfPackage = (pkg: ActivePackage, now: Date): PackageLimit =>
  !pkg || pkg.expires_at <= now
    ? { limit: 0, packageName: null }
    : { limit: pkg.limit_currencies, packageName: pkg.name };

/** A merchant's row of My currencies, as read (`merchant_currencies`): a JSON read may give its chain as a number. */
export interface CurrencyChoiceRow {
  chain_id: string | number;
  token: string;
  accepted: boolean;
}

function acceptedFrom(
  rows: readonly CurrencyChoiceRow[],
  tokens: readonly AcceptableToken[],
  pkg: PackageLimit,
): AcceptedCurrencies {
  if (rows.length === 0) {
    // Before any choice: the first of the list, as many as the package allows (none without one).
    const keys = new Set(tokens.slice(0, pkg.limit ?? tokens.length).map(keyOf));
    return { ...pkg, keys, held: new Set(), defaulted: true };
  }
  // The choice as made, of the tokens still offered (a chain no longer configured is no longer counted), within the
  // package's limit: the first turned on in the list's order; the rest are held.
  const chosen = new Set(
    rows.filter((r) => r.accepted).map((r) => keyOf({ chainId: Number(r.chain_id), token: r.token })),
  );
  const turnedOn = tokens.map(keyOf).filter((key) => chosen.has(key));
  const within = pkg.limit ?? turnedOn.length;
  return {
    ...pkg,
    keys: new Set(turnedOn.slice(0, within)),
    held: new Set(turnedOn.slice(within)),
    defaulted: false,
  };
}

async function acceptedUnder(
  db: Kysely<DB>,
  merchantId: string,
  tokens: readonly AcceptableToken[],
  pkg: PackageLimit,
): Promise<AcceptedCurrencies> {
  const rows = await db
    .selectFrom("merchant_currencies")
    .select(["chain_id", "token", "accepted"])
    .where("merchant_id", "=", merchantId)
    .execute();
  return acceptedFrom(rows, tokens, pkg);
}

/**
 * The currencies the merchant accepts: before any choice the first N tokens of the list (N the active package's
 * currency limit; all with no limit; none without an active package), after one exactly those turned on.
 */
export async function acceptedCurrencies(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  tokens: readonly AcceptableToken[],
  now: Date,
): Promise<AcceptedCurrencies> {
  return acceptedUnder(db, merchantId, tokens, limitOfPackage(await activePackageOf(db, merchantId), now));
}

/** The same from the package row and the merchant's rows the caller read already, without reading them again. */
export const acceptedOfRows = (
  rows: readonly CurrencyChoiceRow[],
  tokens: readonly AcceptableToken[],
  pkg: ActivePackage,
  now: Date,
): AcceptedCurrencies => acceptedFrom(rows, tokens, limitOfPackage(pkg, now));

export interface CurrencyChoice {
  chainId: number;
  contractAddress: string;
  accepted: boolean;
}

const limitRefusal = ({ limit, packageName }: PackageLimit) =>
  packageName === null
    ? "Choose or renew a package to accept currencies"
    : `Your package (${packageName}) allows ${limit} currenc${limit === 1 ? "y" : "ies"}: upgrade it to accept more, or turn one off first`;

/**
 * Turns one currency on or off. On is refused past the package's currency limit; off never is. The merchant's row is
 * locked first, so two changes of one merchant are counted one after the other and racing turn-ons cannot pass the
 * limit. The first change writes the default as rows (every offered token, on or off), so from then on the choice is
 * explicit and a package bought later changes nothing the merchant chose.
 */
export async function setAccepted(
  db: Kysely<DB>,
  scope: MerchantScope,
  tokens: readonly AcceptableToken[],
  choice: CurrencyChoice,
  now: Date,
): Promise<Outcome<null>> {
  const { merchantId } = scope;
  const wanted = { chainId: choice.chainId, token: choice.contractAddress.toLowerCase() };
  if (!tokens.some((t) => keyOf(t) === keyOf(wanted)))
    return fail(
      errCodes.currencyNotOffered,
      `No token ${choice.contractAddress} is offered on chain ${choice.chainId} here: see the Currency list`,
    );
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("merchants").select("id").where("id", "=", merchantId).forNoKeyUpdate().execute();
    const current = await acceptedCurrencies(trx, scope, tokens, now);
    const over = current.limit !== null && current.keys.size >= current.limit;
    if (choice.accepted && !isAccepted(current, wanted) && over)
      return fail(errCodes.currencyLimitReached, limitRefusal(current));
    const row = (t: { chainId: number; token: string }, accepted: boolean) => ({
      merchant_id: merchantId,
      chain_id: String(t.chainId),
      token: t.token,
      accepted,
      changed_at: now,
    });
    if (current.defaulted)
      await trx
        .insertInto("merchant_currencies")
        .values(tokens.map((t) => row(t, isAccepted(current, t))))
        .onConflict((oc) => oc.doNothing())
        .execute();
    await trx
      .insertInto("merchant_currencies")
      .values(row(wanted, choice.accepted))
      .onConflict((oc) =>
        oc.columns(["merchant_id", "chain_id", "token"]).doUpdateSet({ accepted: choice.accepted, changed_at: now }),
      )
      .execute();
    return ok(null);
  });
}

/**
 * Whether a deposit address may be made on a chain: the merchant accepts one of its tokens, under the active
 * package's currency limit (`limit`, the caller read the package already). A chain with no token has nothing to turn
 * on and is not refused here.
 */
export async function chainAccepted(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  chain: { chainId: number; product: string },
  tokens: readonly AcceptableToken[],
  pkg: PackageLimit,
): Promise<Outcome<null>> {
  const onChain = tokens.filter((t) => t.chainId === chain.chainId);
  if (onChain.length === 0) return ok(null);
  const set = await acceptedUnder(db, merchantId, tokens, pkg);
  if (onChain.some((t) => isAccepted(set, t))) return ok(null);
  const symbols = onChain.map((t) => t.symbol).join(" and ");
  const one = onChain.length === 1;
  if (onChain.some((t) => isHeld(set, t)))
    return fail(
      errCodes.openApiCurrencyOff,
      `${symbols} on ${chain.product} ${one ? "is" : "are"} turned on past your package's currency limit (${pkg.limit}): turn another currency off in My currencies or upgrade the package to create deposit addresses`,
      403,
    );
  return fail(
    errCodes.openApiCurrencyOff,
    `${symbols} on ${chain.product} ${one ? "is" : "are"} turned off in My currencies: turn ${one ? "it" : "one"} on to create deposit addresses`,
    403,
  );
}
