import { rechargeReasons } from "../../contracts/schemas/recharges.ts";
import { rechargesEndpoints } from "../../contracts/endpoints/recharges.ts";
import { listArea } from "../lists/list-area.ts";

/**
 * Recharge bills on the list framework: every credit of the balance by a transfer that is not an
 * application deposit, newest first, searched by why it was credited, when, and its transaction.
 */
export const rechargeListArea = listArea(
  { pages: rechargesEndpoints.rechargeList, file: rechargesEndpoints.rechargeExport },
  {
    name: "recharges",
    fields: [
      {
        name: "reason",
        kind: "choice",
        options: rechargeReasons,
        optionLabels: "recharges.reason",
        any: "recharges.search.anyReason",
      },
      { name: "txHash", kind: "text", code: "hex" },
      { name: "startTime", kind: "from" },
      { name: "endTime", kind: "until" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (recharge) => recharge.billNo,
    live: false,
  },
);
