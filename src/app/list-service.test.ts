import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { RechargeBill, RechargeListRequest } from "../../contracts/schemas/recharges.ts";
import { listSelectors } from "../../machines/lists/list-selectors.ts";
import { rechargeListArea } from "../../machines/recharges/recharge-list.ts";
import { provideListPages } from "./list-service.ts";

const { selectTable } = listSelectors(rechargeListArea);

describe("a list provided from its area alone", () => {
  it("asks its pages of the call its endpoint names, and shows their rows", async () => {
    const asked: RechargeListRequest[] = [];
    const row = { billNo: "B1" } as RechargeBill;
    const api = {
      recharges: {
        list: async (request: RechargeListRequest) => {
          asked.push(request);
          return { items: [row], pageSize: 10, nextCursor: null, previousCursor: null, total: 1, totalCapped: false };
        },
      },
    };
    const actor = createActor(provideListPages(rechargeListArea, { api }), {
      input: { area: rechargeListArea },
    }).start();
    await waitFor(actor, (s) => selectTable(s).kind === "rows");
    expect(asked).toEqual([{ pageSize: 10 }]);
    expect(selectTable(actor.getSnapshot())).toMatchObject({ kind: "rows", rows: [row] });
  });
});
