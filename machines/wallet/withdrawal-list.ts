import { withdrawalStatuses } from "../../contracts/schemas/open-api.ts";
import { walletEndpoints } from "../../contracts/endpoints/wallet.ts";
import { listArea } from "../lists/list-area.ts";

/**
 * My wallet's withdrawals on the list framework: every withdrawal of the merchant's balance, whichever asked
 * it (the console or an application), newest first, searched by state and by when it was asked. Live: each
 * step of a withdrawal (signed, sent, a confirmation more, paid, failed) reaches the page as the server takes it.
 */
export const withdrawalListArea = listArea(
  { pages: walletEndpoints.withdrawalList, file: walletEndpoints.withdrawalExport },
  {
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
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (withdrawal) => withdrawal.id,
    // The transaction records' stream carries every step of every withdrawal (and every movement of the balance): the
    // page is asked for again when one of them comes, and the wallet's figures with it (wallet-machines.ts).
    live: true,
  },
);
