import { MatchersV3 } from "@pact-foundation/pact";
import { describe, it } from "vitest";
import { rechargesEndpoints } from "../endpoints/recharges.ts";
import { rechargeExportTable } from "../exports/recharges.ts";
import { merchant } from "./fixtures.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";
import { createPact } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer } = MatchersV3;
const pact = createPact();
const { email } = merchant;

const evmAddress = (example: string) => regex("^0x[0-9a-fA-F]{40}$", example);
const isoTime = (example: string) => regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$", example);

describe("POST /api/RechargeBill/List", () => {
  it("lists the merchant's recharges (credits of the balance by transfers that are not application deposits), a page at a time", () =>
    listPageInteraction(pact, {
      given: [[states.balance, { email, amount: "25" }]],
      description: "a request for the merchant's unmatched recharges",
      endpoint: rechargesEndpoints.rechargeList,
      body: { reason: "unmatched", pageSize: 10 },
      row: {
        billNo: regex("^\\d{8,24}$", "202611270000000001"),
        reason: "unmatched",
        orderCode: null,
        amount: regex("^\\d{1,20}(\\.\\d{1,18})?$", "25"),
        chain: like("Devnet"),
        chainId: integer(31337),
        currency: like("USDT"),
        tokenContract: evmAddress(`0x${"11".repeat(20)}`),
        protocol: "ERC-20",
        fromAddress: evmAddress(`0x${"22".repeat(20)}`),
        paymentAddress: evmAddress(`0x${"33".repeat(20)}`),
        deliveryAddress: null,
        txHash: regex("^0x[0-9a-f]{64}$", `0x${"ab".repeat(32)}`),
        logIndex: integer(0),
        blockNumber: regex("^\\d+$", "1"),
        status: "credited",
        payTime: isoTime("2026-11-27T10:00:00.000Z"),
      },
      call: (api) => api.recharges.list({ reason: "unmatched", pageSize: 10 }),
    }));
});

describe("POST /api/RechargeBill/Export", () => {
  // Nothing came late: the file is its header alone.
  it("exports the recharges a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: [[states.balance, { email, amount: "25" }]],
      description: "a CSV export of the merchant's late recharges",
      endpoint: rechargesEndpoints.rechargeExport,
      body: { reason: "late" },
      table: rechargeExportTable,
      call: (api) => api.recharges.export({ reason: "late" }),
    }));
});
