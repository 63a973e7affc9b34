import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AppAddRequest, AppListRequest, Application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import { apiFailure, settle } from "../test-support.ts";
import { appAddMachine } from "./app-add.ts";
import { selectOffersPackages } from "./app-add-selectors.ts";
import { appListMachine } from "./app-list.ts";
import { selectAppPaging, selectAppPlan, selectAppSearch, selectAppTable } from "./app-list-selectors.ts";
import { fakeKeysetPaging, pageNumberOf } from "../lists/keyset-test-support.ts";

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
  status,
  remark: "",
  createdAt: "2026-01-01T00:00:00.000Z",
});

function start(
  options: { total?: number; failLoad?: boolean; failSwitch?: boolean; subscription?: SubscriptionResult } = {},
) {
  const requests: AppListRequest[] = [];
  const machine = appListMachine.provide({
    actors: {
      loadApps: fromPromise(async ({ input }) => {
        requests.push(input);
        if (options.failLoad) throw apiFailure("network");
        const page = pageNumberOf(input.cursor);
        return {
          items: [appOf(page), appOf(page + 1, "stopped")],
          ...fakeKeysetPaging(page, 10, options.total ?? 2),
          subscription: options.subscription ?? trial,
        };
      }),
      setStatus: fromPromise(async ({ input }) => {
        if (options.failSwitch) throw apiFailure(errCodes.appNotFound);
        return { ...appOf(1), appCode: input.appCode, status: input.status };
      }),
    },
  });
  return { actor: createActor(machine).start(), requests };
}

describe("appList machine", () => {
  it("loads the first page, then shows the rows with what each may switch to", async () => {
    const { actor, requests } = start();
    expect(selectAppTable(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(requests).toEqual([{ pageSize: 10 }]);
    const table = selectAppTable(actor.getSnapshot());
    expect(table).toMatchObject({ kind: "rows", refreshing: false });
    if (table.kind !== "rows") throw new Error("rows expected");
    expect(table.rows.map((r) => [r.status, r.nextStatus, r.canSwitch])).toEqual([
      ["normal", "stopped", true],
      ["stopped", "normal", true],
    ]);
    expect(selectAppPaging(actor.getSnapshot())).toMatchObject({ pageCount: 1, canNext: false, canPrevious: false });
    expect(selectAppPlan(actor.getSnapshot())).toEqual({ kind: "active", used: 1, limit: 1, full: true });
  });

  it("says when there is no package, or it has expired", async () => {
    const none = start({ subscription: { ...trial, package: null, active: false } });
    expect(selectAppPlan(none.actor.getSnapshot())).toEqual({ kind: "unknown" });
    await settle(none.actor, "ready");
    expect(selectAppPlan(none.actor.getSnapshot())).toEqual({ kind: "none" });
    const expired = start({ subscription: { ...trial, active: false } });
    await settle(expired.actor, "ready");
    expect(selectAppPlan(expired.actor.getSnapshot())).toEqual({ kind: "expired" });
  });

  it("searches by status and name, refusing a name too long", async () => {
    const { actor, requests } = start();
    await settle(actor, "ready");
    actor.send({ type: "apps.search", status: "", name: "x".repeat(65) });
    expect(selectAppSearch(actor.getSnapshot()).fieldErrors.name).toBe("validation.tooLong");
    actor.send({ type: "apps.search", status: "stopped", name: " Shop " });
    await settle(actor, "ready");
    expect(requests.at(-1)).toEqual({ status: "stopped", name: "Shop", pageSize: 10 });
  });

  it("pages to the page beside by its cursor only", async () => {
    const { actor, requests } = start({ total: 25 });
    await settle(actor, "ready");
    actor.send({ type: "apps.page", page: 3 });
    expect(requests).toHaveLength(1);
    actor.send({ type: "apps.page", page: 2 });
    await settle(actor, "ready");
    expect(requests.at(-1)).toEqual({ cursor: "p2", pageSize: 10 });
    actor.send({ type: "apps.page", page: 3 });
    await settle(actor, "ready");
    expect(requests.at(-1)).toEqual({ cursor: "p3", pageSize: 10 });
    expect(selectAppPaging(actor.getSnapshot())).toMatchObject({ page: 3, canNext: false, canPrevious: true });
  });

  it("stops an application in place, and keeps the rows when that is refused", async () => {
    const { actor } = start();
    await settle(actor, "ready");
    actor.send({ type: "app.setStatus", appCode: appOf(1).appCode, status: "normal" });
    expect(actor.getSnapshot().value).toBe("ready");
    actor.send({ type: "app.setStatus", appCode: appOf(1).appCode, status: "stopped" });
    expect(selectAppTable(actor.getSnapshot())).toMatchObject({ rows: [{ switching: true, canSwitch: false }, {}] });
    await settle(actor, "ready");
    expect(selectAppTable(actor.getSnapshot())).toMatchObject({
      rows: [{ status: "stopped", nextStatus: "normal" }, {}],
    });

    const refused = start({ failSwitch: true });
    await settle(refused.actor, "ready");
    refused.actor.send({ type: "app.setStatus", appCode: appOf(1).appCode, status: "stopped" });
    await settle(refused.actor, "ready");
    expect(selectAppTable(refused.actor.getSnapshot())).toMatchObject({
      switchFailure: { errCode: errCodes.appNotFound },
      rows: [{ status: "normal" }, {}],
    });
  });

  it("shows an application changed by the edit dialog, and retries a failed load", async () => {
    const { actor } = start();
    await settle(actor, "ready");
    actor.send({ type: "app.changed", app: { ...appOf(1), name: "Renamed" } });
    expect(selectAppTable(actor.getSnapshot())).toMatchObject({ rows: [{ name: "Renamed" }, {}] });

    const failing = start({ failLoad: true });
    await settle(failing.actor, "failed");
    expect(selectAppTable(failing.actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "network", errMsg: "failure network" },
    });
    failing.actor.send({ type: "apps.retry" });
    expect(failing.actor.getSnapshot().value).toBe("loading");
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
