// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type ActorRefFrom, waitFor } from "xstate";
import { invoiceListArea } from "../../machines/invoices/invoice-list.ts";
import { emptySearchOf } from "../../machines/lists/list-area.ts";
import type { listMachine } from "../../machines/lists/list-machine.ts";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import { type UrlSearch, useSearchInUrl, useUrlSearch } from "./list-search-url.ts";
import { provideList } from "./list-service.ts";

afterEach(() => cleanup());

const machine = provideList(invoiceListArea, { loadPage: async () => emptyKeysetPage() });
let list: ActorRefFrom<typeof listMachine>;
let starts = 0;
let navigate: NavigateFunction;

function Page() {
  const url = useUrlSearch(invoiceListArea);
  return <List key={url.key} url={url} />;
}
function List({ url }: { url: UrlSearch }) {
  list = useActorRef(machine, { input: { area: invoiceListArea, search: url.search } });
  useSearchInUrl(list, url);
  return null;
}
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
});
