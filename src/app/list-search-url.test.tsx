// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ActorRefFrom, waitFor } from "xstate";
import { appListArea } from "../../machines/apps/app-list.ts";
import { billListArea } from "../../machines/bills/bill-list.ts";
import { callbackListArea } from "../../machines/callbacks/callback-list.ts";
import { invoiceListArea } from "../../machines/invoices/invoice-list.ts";
import { type AnyListArea, emptySearchOf, type ListSearch } from "../../machines/lists/list-area.ts";
import type { listMachine } from "../../machines/lists/list-machine.ts";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import { orderListArea } from "../../machines/orders/order-list.ts";
import { rechargeListArea } from "../../machines/recharges/recharge-list.ts";
import { transactionListArea } from "../../machines/transactions/transaction-list.ts";
import { withdrawalListArea } from "../../machines/wallet/withdrawal-list.ts";
import { ListInUrl } from "./list-in-url.tsx";
import { type UrlSearch, useSearchInUrl } from "./list-search-url.ts";
import { provideList } from "./list-service.ts";

afterEach(() => cleanup());

// A time in the address carries its offset (list-query.ts): written in Tokyo, the links below name +09:00.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Asia/Tokyo";
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

let list: ActorRefFrom<typeof listMachine>;
let starts = 0;
let navigate: NavigateFunction;

/** A list page as the console's are made (ListInUrl around the page, which starts its list from the address). */
function pageOf(area: AnyListArea) {
  // The server answers in the page size asked for.
  const machine = provideList(area, {
    loadPage: async (request: { pageSize?: number }) => emptyKeysetPage(request.pageSize),
  });
  function List({ url }: { url: UrlSearch }) {
    list = useActorRef(machine, { input: { area, search: url.search, pageSize: url.pageSize } });
    useSearchInUrl(list, url);
    return null;
  }
  return () => <ListInUrl area={area} page={List} />;
}
const Page = pageOf(invoiceListArea);
function Address() {
  const location = useLocation();
  navigate = useNavigate();
  return <output data-testid="at">{`${location.pathname}${location.search}`}</output>;
}
const startCounter = () => {
  const seen = new Set<unknown>();
  return () => {
    if (!seen.has(list)) {
      seen.add(list);
      starts++;
    }
  };
};

/** The first page has come: the search form takes a search. */
const ready = () => act(async () => void (await waitFor(list, (s) => s.matches({ list: "ready" }))));
const at = () => screen.getByTestId("at").textContent;
const searchOf = () => list.getSnapshot().context.search;
const pageSizeOf = () => list.getSnapshot().context.paging.pageSize;

describe("a list page's search in the address bar", () => {
  it("starts from a link, writes every search back, starts again from a new link, and leaves another tab's address alone", async () => {
    const count = startCounter();
    // The page outside any route: it stays mounted whatever the address, as a tab kept behind another page is.
    render(
      <MemoryRouter initialEntries={["/invoice/list?flag=underpaid&other=1"]}>
        <Page />
        <Address />
      </MemoryRouter>,
    );
    count();
    expect(searchOf()).toEqual({ ...emptySearchOf(invoiceListArea), flag: "underpaid" });
    // What the list does not take is gone from the address.
    expect(at()).toBe("/invoice/list?flag=underpaid");

    await ready();
    await act(async () =>
      list.send({
        type: "list.search",
        search: { ...emptySearchOf(invoiceListArea), status: "expired", flag: "paidLate", orderId: "a b" },
      }),
    );
    expect(at()).toBe("/invoice/list?status=expired&flag=paidLate&orderId=a+b");
    count();
    await ready();
    await act(async () => list.send({ type: "list.reset" }));
    expect(at()).toBe("/invoice/list");
    count();
    expect(starts).toBe(1);

    // A link followed while the page is open: the list starts again from it.
    await act(async () => navigate("/invoice/list?flag=overpaid"));
    count();
    expect(starts).toBe(2);
    expect(searchOf().flag).toBe("overpaid");
    expect(at()).toBe("/invoice/list?flag=overpaid");

    // Another tab's page and its query: not this page's to read or rewrite.
    await act(async () => navigate("/callback/list?billNo=B1"));
    count();
    expect(at()).toBe("/callback/list?billNo=B1");
    expect(starts).toBe(2);
    expect(searchOf().flag).toBe("overpaid");
  });

  // Every other list page, as its route and a link's query bring it: the link's own fields only, then a search and
  // Reset written back.
  it.each<{ area: AnyListArea; path: string; link: string; search: ListSearch; written: string }>([
    {
      area: billListArea,
      path: "/bill/list",
      link: "status=credited",
      search: { noticeStatus: "failed", startTime: "2026-11-01T08:30" },
      written: "noticeStatus=failed&startTime=2026-11-01T08%3A30%2B09%3A00",
    },
    {
      area: callbackListArea,
      path: "/callback/list",
      link: "billNo=2026112900001",
      search: { result: "failed", endTime: "2026-11-29T23:59" },
      written: "result=failed&endTime=2026-11-29T23%3A59%2B09%3A00",
    },
    {
      area: orderListArea,
      path: "/order/list",
      link: "orderCode=2026112900017",
      search: { status: "paid", endTime: "2026-11-29T23:59" },
      written: "status=paid&endTime=2026-11-29T23%3A59%2B09%3A00",
    },
    {
      area: appListArea,
      path: "/app/list",
      link: "status=stopped",
      search: { name: "My shop" }, // a space written as "+", as URLSearchParams does
      written: "name=My+shop",
    },
    {
      area: rechargeListArea,
      path: "/rechargeBill/list",
      link: "reason=late",
      search: { reason: "excess", startTime: "2026-11-01T08:30" },
      written: "reason=excess&startTime=2026-11-01T08%3A30%2B09%3A00",
    },
    {
      area: transactionListArea,
      path: "/transactions/list",
      link: "kind=withdrawal",
      search: { kind: "deposit" },
      written: "kind=deposit",
    },
    {
      area: withdrawalListArea,
      path: "/wallet/list",
      link: "status=awaitingApproval",
      search: { status: "failed" },
      written: "status=failed",
    },
  ])(
    "$area.name: starts from a link, writes a search and Reset back",
    async ({ area, path, link, search, written }) => {
      const AreaPage = pageOf(area);
      render(
        <MemoryRouter initialEntries={[`${path}?${link}&page=2`]}>
          <AreaPage />
          <Address />
        </MemoryRouter>,
      );
      const [name, value] = link.split("=") as [string, string];
      expect(searchOf()).toEqual({ ...emptySearchOf(area), [name]: value });
      expect(at()).toBe(`${path}?${link}`);
      await ready();
      await act(async () => list.send({ type: "list.search", search: { ...emptySearchOf(area), ...search } }));
      expect(at()).toBe(`${path}?${written}`);
      await ready();
      await act(async () => list.send({ type: "list.reset" }));
      expect(at()).toBe(path);
    },
  );

  it("keeps a page size other than the default: from a link, as the list changes it, and back and forward", async () => {
    const count = startCounter();
    const before = starts;
    render(
      <MemoryRouter initialEntries={["/invoice/list?flag=underpaid&pageSize=20"]}>
        <Page />
        <Address />
      </MemoryRouter>,
    );
    count();
    expect(pageSizeOf()).toBe(20);
    expect(at()).toBe("/invoice/list?flag=underpaid&pageSize=20");
    await ready();
    expect(list.getSnapshot().context.paging.page).toBe(1);

    await act(async () => list.send({ type: "list.pageSize", pageSize: 50 }));
    expect(at()).toBe("/invoice/list?flag=underpaid&pageSize=50");
    await ready();
    // The default is left out; Reset keeps the page size chosen.
    await act(async () => list.send({ type: "list.pageSize", pageSize: 10 }));
    expect(at()).toBe("/invoice/list?flag=underpaid");
    await ready();
    await act(async () => list.send({ type: "list.pageSize", pageSize: 20 }));
    await ready();
    await act(async () => list.send({ type: "list.reset" }));
    expect(at()).toBe("/invoice/list?pageSize=20");
    count();
    expect(starts - before).toBe(1);

    // Another entry of the history, then Back and Forward: the list starts again from each one's page size.
    await act(async () => navigate("/invoice/list?pageSize=50"));
    count();
    expect(pageSizeOf()).toBe(50);
    await act(async () => navigate(-1));
    count();
    expect(pageSizeOf()).toBe(20);
    expect(at()).toBe("/invoice/list?pageSize=20");
    await act(async () => navigate(1));
    count();
    expect(pageSizeOf()).toBe(50);
    expect(starts - before).toBe(4);
  });

  it.each(["7", "abc", "", "20.5"])(
    "reads a page size the list does not offer (pageSize=%s) as the default, and leaves it out",
    async (value) => {
      render(
        <MemoryRouter initialEntries={[`/invoice/list?flag=underpaid&pageSize=${value}`]}>
          <Page />
          <Address />
        </MemoryRouter>,
      );
      expect(pageSizeOf()).toBe(10);
      expect(searchOf()).toEqual({ ...emptySearchOf(invoiceListArea), flag: "underpaid" });
      await ready();
      expect(list.getSnapshot().matches({ list: "ready" })).toBe(true);
      expect(at()).toBe("/invoice/list?flag=underpaid");
    },
  );
});
