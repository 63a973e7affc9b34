import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AppAddRequest, AppListRequest, Application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { apiFailure, settle } from "../test-support.ts";
import { appAddMachine } from "./app-add.ts";
import { selectOffersPackages } from "./app-add-selectors.ts";
import { appListArea } from "./app-list.ts";
import { selectAppPlan, selectAppTable } from "./app-list-selectors.ts";
import { fakeKeysetPaging, pageNumberOf } from "../lists/keyset-test-support.ts";
import { listMachine } from "../lists/list-machine.ts";
import { selectListSearch } from "../lists/list-selectors.ts";

const trial: SubscriptionResult = {
  package: {
    id: "1",
    code: "trial",
    name: "Trial",
    kind: "trial",
    price: "0",
    termUnit: "day",
    termCount: 7,
    termMonths: 0,
    limits: { wallets: 1, currencies: 1, applications: 1 },
  },
  expiresAt: "2026-01-08T00:00:00.000Z",
  active: true,
  trialAvailable: false,
  usage: { wallets: 0, currencies: 0, applications: 1 },
  serverTime: "2026-01-01T00:00:00.000Z",
};

const appOf = (n: number, status: Application["status"] = "normal"): Application => ({
  appCode: `2026010100000${n}`,
  name: `Shop ${n}`,
  address: "https://shop.example.com",
  rechargeCallbackUrl: "https://shop.example.com/recharge",
  withdrawCallbackUrl: "https://shop.example.com/withdraw",
  withdrawAutoApproveLimit: null,
  withdrawAnyAddressDailyLimit: null,
  status,
  remark: "",
  createdAt: "2026-01-01T00:00:00.000Z",
});

// My applications' own behaviour on the list machine: the switch, the package beside the list, the edit dialog's
// changes. What every list does (search, pages, retry) is tested once, in machines/lists/list-machine.test.ts.
function start(options: { failSwitch?: boolean; subscription?: SubscriptionResult } = {}) {
  const requests: AppListRequest[] = [];
  const machine = listMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const request = input.request as AppListRequest;
        requests.push(request);
        const page = pageNumberOf(request.cursor);
        return {
          items: [appOf(page), appOf(page + 1, "stopped")],
          ...fakeKeysetPaging(page, 10, 2),
          extra: options.subscription ?? trial,
        };
      }),
      runAction: fromPromise(async ({ input }) => {
        if (options.failSwitch) throw apiFailure(errCodes.appNotFound);
        const app = input.row as Application;
        return { ...app, status: input.action === "stop" ? ("stopped" as const) : ("normal" as const) };
      }),
    },
  });
  return { actor: createActor(machine, { input: { area: appListArea } }).start(), requests };
}

describe("app list", () => {
  it("loads the first page, then shows the rows with what each may switch to, and the package", async () => {
    const { actor, requests } = start();
    expect(selectAppTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "list.ready");
    expect(requests).toEqual([{ pageSize: 10 }]);
    const table = selectAppTable(actor.getSnapshot());
    expect(table).toMatchObject({ kind: "rows", refreshing: false });
    if (table.kind !== "rows") throw new Error("rows expected");
    expect(table.rows.map((r) => [r.status, r.nextStatus, r.canSwitch])).toEqual([
      ["normal", "stopped", true],
      ["stopped", "normal", true],
    ]);
    expect(selectAppPlan(actor.getSnapshot())).toEqual({ kind: "active", used: 1, limit: 1, full: true });
  });

  it("says when there is no package, or it has expired", async () => {
    const none = start({ subscription: { ...trial, package: null, active: false } });
    expect(selectAppPlan(none.actor.getSnapshot())).toEqual({ kind: "unknown" });
    await settle(none.actor, "list.ready");
    expect(selectAppPlan(none.actor.getSnapshot())).toEqual({ kind: "none" });
    const expired = start({ subscription: { ...trial, active: false } });
    await settle(expired.actor, "list.ready");
    expect(selectAppPlan(expired.actor.getSnapshot())).toEqual({ kind: "expired" });
  });

  it("searches by status and name, refusing a name too long", async () => {
    const { actor, requests } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "list.search", search: { status: "", name: "x".repeat(65) } });
    expect(selectListSearch(actor.getSnapshot()).fieldErrors.name).toBe("validation.tooLong");
    actor.send({ type: "list.search", search: { status: "stopped", name: " Shop " } });
    await settle(actor, "list.ready");
    expect(requests.at(-1)).toEqual({ status: "stopped", name: "Shop", pageSize: 10 });
  });

  it("stops an application in place, and keeps the rows when that is refused", async () => {
    const { actor } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "row.act", action: "start", key: appOf(1).appCode });
    expect(actor.getSnapshot().matches({ list: "ready" })).toBe(true);
    actor.send({ type: "row.act", action: "stop", key: appOf(1).appCode });
    expect(selectAppTable(actor.getSnapshot())).toMatchObject({ rows: [{ switching: true, canSwitch: false }, {}] });
    await settle(actor, "list.ready");
    expect(selectAppTable(actor.getSnapshot())).toMatchObject({
      rows: [{ status: "stopped", nextStatus: "normal", switching: false }, {}],
    });

    const refused = start({ failSwitch: true });
    await settle(refused.actor, "list.ready");
    refused.actor.send({ type: "row.act", action: "stop", key: appOf(1).appCode });
    await settle(refused.actor, "list.ready");
    expect(selectAppTable(refused.actor.getSnapshot())).toMatchObject({
      switchFailure: { errCode: errCodes.appNotFound },
      rows: [{ status: "normal" }, {}],
    });
  });

  it("shows an application changed by the edit dialog in place", async () => {
    const { actor, requests } = start();
    await settle(actor, "list.ready");
    actor.send({ type: "row.updated", row: { ...appOf(1), name: "Renamed" } });
    expect(selectAppTable(actor.getSnapshot())).toMatchObject({ rows: [{ name: "Renamed" }, {}] });
    expect(requests).toHaveLength(1);
  });
});

describe("appAdd dialog", () => {
  it("offers the packages when the package refuses one more application", async () => {
    const actor = createActor(
      appAddMachine.provide({
        actors: {
          submit: fromPromise<Application, AppAddRequest>(async () => {
            throw apiFailure(errCodes.appLimitReached, "Your package (Basic) allows 1 application");
          }),
        },
      }),
    ).start();
    actor.send({ type: "dialog.open" });
    const fields = {
      name: "Shop",
      address: "https://shop.example.com",
      rechargeCallbackUrl: "https://shop.example.com/r",
      withdrawCallbackUrl: "https://shop.example.com/w",
      remark: "",
    };
    actor.send({ type: "app.add", ...fields });
    await settle(actor, "editing");
    expect(selectOffersPackages(actor.getSnapshot())).toBe(true);
  });
});
