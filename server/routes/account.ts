import { balanceOf } from "../domain/payments/balance.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The merchant's balance: what came in unconsumed (excess, late, unmatched, closed orders) minus what orders took. */
export const accountHandlers: Pick<HandlerTable, "balance"> = {
  balance: {
    async handle({ db, session }) {
      return ok(await balanceOf(db, session.scope));
    },
  },
};
