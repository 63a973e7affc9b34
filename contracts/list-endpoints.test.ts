import { describe, expect, it } from "vitest";
import { rechargesEndpoints } from "./endpoints/recharges.ts";
import { walletEndpoints } from "./endpoints/wallet.ts";
import { rechargeBill, rechargeExportRequest, rechargeListRequest, rechargeListResult } from "./schemas/recharges.ts";

describe("listEndpoints", () => {
  it("gives a list's page row and its file row, which differ only in path, call, schemas and download", () => {
    const common = { area: "recharges", method: "POST", query: null, auth: true, source: "proposed" };
    expect(rechargesEndpoints.rechargeList).toEqual({
      ...common,
      call: "list",
      path: "/api/RechargeBill/List",
      body: rechargeListRequest,
      result: rechargeListResult,
    });
    expect(rechargesEndpoints.rechargeExport).toEqual({
      ...common,
      call: "export",
      path: "/api/RechargeBill/Export",
      body: rechargeExportRequest,
      result: rechargeBill,
      download: true,
    });
  });

  it("takes the calls' and paths' names a list has when they are not list and export", () => {
    expect(walletEndpoints.withdrawalList).toMatchObject({ call: "withdrawals", path: "/api/Wallet/Withdrawals" });
    expect(walletEndpoints.withdrawalExport).toMatchObject({
      call: "exportWithdrawals",
      path: "/api/Wallet/WithdrawalsExport",
      download: true,
    });
  });
});
