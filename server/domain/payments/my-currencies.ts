import type { Kysely } from "kysely";
import type { MyCurrencyListResult, MyCurrencySetRequest } from "../../../contracts/schemas/currencies.ts";
import type { ChainLayer } from "../../chain/chain-layer.ts";
import type { DB } from "../../db/schema.ts";
import {
  type AcceptedCurrencies,
  acceptableTokens,
  acceptedCurrencies,
  isAccepted,
  isHeld,
  setAccepted,
} from "../applications/accepted-currencies.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { ok, type Outcome } from "../platform/outcome.ts";
import { configuredTokens } from "./currencies.ts";

const listOf = (layer: ChainLayer | null, set: AcceptedCurrencies): MyCurrencyListResult => ({
  items: configuredTokens(layer).map((currency) => ({
    ...currency,
    accepted: isAccepted(set, { chainId: currency.chainId, token: currency.contractAddress }),
    held: isHeld(set, { chainId: currency.chainId, token: currency.contractAddress }),
  })),
  limit: set.limit,
  acceptedCount: set.keys.size,
  defaulted: set.defaulted,
});

/**
 * My currencies: the tokens of the chains this server follows, in the Currency list's order, each accepted
 * or not by the merchant's applications, with the package's currency limit and how many are on.
 */
export async function myCurrencyList(
  db: Kysely<DB>,
  scope: MerchantScope,
  layer: ChainLayer | null,
  now: Date,
): Promise<MyCurrencyListResult> {
  return listOf(layer, await acceptedCurrencies(db, scope, acceptableTokens(layer), now));
}

/** Turns one on or off (accepted-currencies.ts says when it is refused); answers the list as it is then. */
export async function setMyCurrency(
  db: Kysely<DB>,
  scope: MerchantScope,
  layer: ChainLayer | null,
  choice: MyCurrencySetRequest,
  now: Date,
): Promise<Outcome<MyCurrencyListResult>> {
  const done = await setAccepted(db, scope, acceptableTokens(layer), choice, now);
  return done.ok ? ok(await myCurrencyList(db, scope, layer, now)) : done;
}
