import type { Selectable } from "kysely";
import type { AppEditRequest } from "../../../contracts/schemas/apps.ts";
import type { ApplicationsTable } from "../../db/schema.ts";
import { toAtto } from "../../../contracts/money.ts";

type ApplicationRow = Selectable<ApplicationsTable>;

/** A limit as stored (null: none, the highest) and as asked ("" or null: none). */
const atto = (limit: string | null | undefined) => (limit == null || limit === "" ? null : toAtto(limit));

/** Whether `asked` lets more through than `now`: null is no limit, above every amount. */
const loosens = (now: string | null, asked: string | undefined) => {
  if (asked === undefined) return false;
  const [before, after] = [atto(now), atto(asked)];
  if (after === null) return before !== null;
  return before !== null && after > before;
};

/** "Any address" turned on (from off) or its daily limit raised; turning it off or lowering it is not. */
const opensAnyAddress = (now: string | null, asked: string | undefined) => {
  if (asked === undefined || asked === "") return false;
  return now === null || toAtto(asked) > toAtto(now);
};

/**
 * Which changes of an edit need a fresh proof even inside the verified window: the ones a stolen session
 * would use to move money or to read what the application is told — a callback URL changed, the auto-approve limit
 * raised or removed, "any address" turned on or its limit raised. Fields left out change nothing, so they never count.
 */
export function sensitiveChanges(app: ApplicationRow, edit: Omit<AppEditRequest, "appCode" | "proof">): string[] {
  const changes: string[] = [];
  if (edit.rechargeCallbackUrl !== undefined && edit.rechargeCallbackUrl !== app.recharge_callback_url)
    changes.push("rechargeCallbackUrl");
  if (edit.withdrawCallbackUrl !== undefined && edit.withdrawCallbackUrl !== app.withdraw_callback_url)
    changes.push("withdrawCallbackUrl");
  if (loosens(app.withdraw_auto_approve_limit, edit.withdrawAutoApproveLimit)) changes.push("withdrawAutoApproveLimit");
  if (opensAnyAddress(app.withdraw_any_address_daily_limit, edit.withdrawAnyAddressDailyLimit))
    changes.push("withdrawAnyAddressDailyLimit");
  return changes;
}
