import { describe, expect, it } from "vitest";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import { sampleBill } from "../../machines/bills/bill-test-support.ts";
import type { ApiError } from "./api-error.ts";
import { billEventsApi } from "./bill-events.ts";
import { fakeStream, sse } from "./fake-event-stream.ts";
import { makeApi } from "./make-api.ts";

const clientOptions = (fetchImpl: typeof fetch) => ({
  baseUrl: "http://api.test",
  getToken: () => "tok",
  getLocale: () => "ko-KR",
  fetch: fetchImpl,
});

function watcher() {
  const bills: AppBill[] = [];
  const errors: ApiError[] = [];
  return { bills, errors, onBill: (b: AppBill) => void bills.push(b), onError: (e: ApiError) => void errors.push(e) };
}

describe("watchBills", () => {
  it("asks for the merchant's bills stream with the client's headers and hands over each bill", async () => {
    const server = fakeStream();
    const seen = watcher();
    const stop = billEventsApi(clientOptions(server.fetchImpl)).watchBills(seen);
    const bill = sampleBill();
    server.push(sse(bill, "bill") + sse({ other: true }, "ping"));
    await expect.poll(() => seen.bills).toEqual([bill]);
    const request = server.requests[0] as Request;
    expect(request.url).toBe("http://api.test/api/Bill/Events");
    expect(request.headers.get("Authorization")).toBe("Bearer tok");
    expect(request.headers.get("Language")).toBe("ko-KR");
    stop();
    expect(seen.errors).toEqual([]);
  });

  it("ends with one error on a bill of the wrong shape, so the page polls instead", async () => {
    const server = fakeStream();
    const seen = watcher();
    billEventsApi(clientOptions(server.fetchImpl)).watchBills(seen);
    server.push(sse({ ...sampleBill(), amount: 25 }, "bill"));
    await expect.poll(() => seen.errors.length).toBe(1);
    expect(seen.errors[0]).toMatchObject({ kind: "parse", errCode: "bill" });
    expect(seen.bills).toEqual([]);
  });

  it("is on the console's Api, loaded with the first stream", async () => {
    const server = fakeStream();
    const seen = watcher();
    const stop = makeApi(clientOptions(server.fetchImpl)).bills.watch(seen);
    server.push(sse(sampleBill(), "bill"));
    await expect.poll(() => seen.bills).toHaveLength(1);
    stop();
  });
});
