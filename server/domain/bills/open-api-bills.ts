import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { Kysely } from "kysely";
import type { AppBill, BillListResult } from "../../../contracts/schemas/bills.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { OpenBillListQuery } from "../../../contracts/schemas/open-api.ts";
import type { DB } from "../../db/schema.ts";
import type { OpenApiCaller } from "../applications/open-api-caller.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { billForWire, billNotFoundMessage, searchBills } from "./bills.ts";

/** The open API's bills: the calling application's only (its id is part of every lookup), never a number the request names. */
export function openApiBills(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  query: OpenBillListQuery,
  settings: { currencies: CurrencyRegistry; secret: Buffer },
): Promise<Outcome<BillListResult>> {
  const { pageSize, ...filters } = query;
  return searchBills(
    db,
    caller.scope,
    {
      ...filters,
      applicationId: caller.applicationId,
      pageSize: pageSize === undefined ? undefined : Number(pageSize),
    },
    settings,
  );
}

/** One of the calling application's bills; another application's (or merchant's) number is unknown (404, 2601). */
export async function openApiBill(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  billNo: string,
  currencies: CurrencyRegistry,
): Promise<Outcome<AppBill>> {
  const bill = await billForWire(db, caller.scope, billNo, currencies, caller.applicationId);
  return bill ? ok(bill) : fail(errCodes.billNotFound, billNotFoundMessage, 404);
}
