import type { OpenWithdrawal } from "../../contracts/schemas/open-api.ts";
import { withdrawalStatuses } from "../../contracts/schemas/open-api.ts";
import { type WithdrawalListRequest, withdrawalListRequest } from "../../contracts/schemas/wallet.ts";
import type { ListArea } from "../lists/list-area.ts";

/**
 * My wallet's withdrawals (issue 41) on the list framework: every withdrawal of the merchant's balance, whichever asked
 * it (the console or an application), newest first, searched by state and by when it was asked.
 */
export const withdrawalListArea: ListArea<WithdrawalListRequest, OpenWithdrawal> = {
  name: "withdrawals",
  fields: [
    {
      name: "status",
      kind: "choice",
      options: withdrawalStatuses,
      optionLabels: "withdrawals.status",
      any: "withdrawals.search.anyStatus",
    },
    { name: "startTime", kind: "from" },
    { name: "endTime", kind: "until" },
  ],
  requestSchema: withdrawalListRequest,
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
  rowKey: (withdrawal) => withdrawal.id,
  live: false,
};
