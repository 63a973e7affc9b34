import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppBill } from "../../contracts/schemas/bills.ts";
import type { Order } from "../../contracts/schemas/orders.ts";
import { sampleBill } from "../../machines/bills/bill-test-support.ts";
import type { ApiError } from "./api-error.ts";
import { makeApi } from "./make-api.ts";
import { apiOnDemand } from "./api-on-demand.ts";
import { streamCalls } from "./stream-calls.ts";
import { sampleOrder } from "../../contracts/testing/sample-orders.ts";
import { fakeStream, sse } from "./fake-event-stream.ts";

const anOrder: Order = sampleOrder({ orderCode: "20250101000001" });
const event = (value: unknown, name = "order") =>
  `event: ${name}\ndata: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`;

function watcher() {
  const orders: Order[] = [];
  const errors: ApiError[] = [];
  return { orders, errors, onEvent: (o: Order) => void orders.push(o), onError: (e: ApiError) => void errors.push(e) };
}

const clientOptions = (fetchImpl: typeof fetch, token: string | null = "tok") => ({
  baseUrl: "http://api.test",
  getToken: () => token,
  getLocale: () => "ja-JP",
  fetch: fetchImpl,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("orders.watch (the endpoint table's orderEvents)", () => {
  it("asks for the order's stream with the client's headers and hands over each order event, split across chunks or not", async () => {
    const server = fakeStream();
    const seen = watcher();
    const stop = streamCalls(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const [request] = server.requests;
    expect(request?.url).toBe("http://api.test/api/Order/Events?orderCode=20250101000001");
    expect(request?.method).toBe("GET");
    expect(request?.headers.get("authorization")).toBe("Bearer tok");
    expect(request?.headers.get("language")).toBe("ja-JP");
    expect(request?.headers.get("accept")).toBe("text/event-stream");

    server.push(event(anOrder));
    await vi.waitFor(() => expect(seen.orders).toEqual([anOrder]));
    const waiting = { ...anOrder, status: "waiting" as const, confirming: "29" };
    const text = `: keep-alive\n\n${event(waiting)}`;
    server.push(text.slice(0, 30));
    server.push(text.slice(30));
    await vi.waitFor(() => expect(seen.orders).toEqual([anOrder, waiting]));
    // Events of another name are not orders.
    server.push(event({ hello: 1 }, "other"));
    stop();
    expect(seen.errors).toEqual([]);
  });

  it("stop() ends the stream without calling onError", async () => {
    const server = fakeStream();
    const seen = watcher();
    const stop = streamCalls(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.push(event(anOrder));
    await vi.waitFor(() => expect(seen.orders).toHaveLength(1));
    stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests[0]?.signal.aborted).toBe(true);
    expect(seen.errors).toEqual([]);
  });

  it("a stream the server ends calls onError once (the caller falls back to polling)", async () => {
    const server = fakeStream();
    const seen = watcher();
    streamCalls(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.push(event(anOrder));
    server.end();
    await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
    expect(seen.errors[0]).toMatchObject({ kind: "transport", errCode: "ended" });
    expect(seen.orders).toEqual([anOrder]);
  });

  it("a broken connection calls onError", async () => {
    const server = fakeStream();
    const seen = watcher();
    streamCalls(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.fail(new TypeError("network error"));
    await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
    expect(seen.errors[0]).toMatchObject({ kind: "transport", errCode: "network", errMsg: "network error" });
  });

  it("an event that is not JSON, or not an order, is an error, not a crash, and ends the stream", async () => {
    for (const bad of ["{not json", JSON.stringify({ ...anOrder, amount: 29 })]) {
      const server = fakeStream();
      const seen = watcher();
      streamCalls(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen);
      await vi.waitFor(() => expect(server.requests).toHaveLength(1));
      server.push(event(bad));
      server.push(event(anOrder));
      await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
      expect(seen.errors[0]).toMatchObject({ kind: "parse", errCode: "order" });
      expect(seen.orders).toEqual([]);
      expect(server.requests[0]?.signal.aborted).toBe(true);
    }
  });

  it("a refusal before the stream starts is the envelope's errCode", async () => {
    const answers = [
      { status: 401, body: { success: false, errCode: "4010", errMsg: "Not logged in", resData: null } },
      { status: 200, body: { success: false, errCode: "2202", errMsg: "Order not found", resData: null } },
      { status: 429, body: { success: false, errCode: "2005", errMsg: "At most 10", resData: null } },
    ];
    for (const answer of answers) {
      const fetchImpl = (async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { "Content-Type": "application/json" },
        })) as unknown as typeof fetch;
      const seen = watcher();
      streamCalls(clientOptions(fetchImpl, null)).orders.watch({ orderCode: "20250101000001" }, seen);
      await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
      expect(seen.errors[0]).toMatchObject({ kind: "api", errCode: answer.body.errCode, errMsg: answer.body.errMsg });
    }
    const notAnEnvelope = (async () =>
      new Response("<html>", { status: 502, statusText: "Bad Gateway" })) as unknown as typeof fetch;
    const seen = watcher();
    streamCalls(clientOptions(notAnEnvelope)).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
    expect(seen.errors[0]).toMatchObject({ kind: "transport", errCode: "HTTP 502" });
  });

  it("a stream silent for longer than the server's keep-alive allows is given up", async () => {
    const server = fakeStream();
    const seen = watcher();
    streamCalls(clientOptions(server.fetchImpl), { silenceMs: 60 }).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    for (let i = 0; i < 3; i++) {
      server.push(": keep-alive\n\n");
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(seen.errors).toEqual([]);
    await vi.waitFor(() => expect(seen.errors).toHaveLength(1));
    expect(seen.errors[0]).toMatchObject({ kind: "transport", errCode: "timeout" });
    expect(server.requests[0]?.signal.aborted).toBe(true);
  });

  it("is on the Api object, so a machine can run it as a callback actor", async () => {
    const server = fakeStream();
    const api = makeApi(clientOptions(server.fetchImpl));
    const seen = watcher();
    const stop = api.orders.watch({ orderCode: "20250101000001" }, seen);
    server.push(event(anOrder));
    await vi.waitFor(() => expect(seen.orders).toEqual([anOrder]));
    stop();
  });
});

describe("a stream on demand (the console's api)", () => {
  it("loads the stream's code with the first order followed and hands over its events", async () => {
    const server = fakeStream();
    const seen = watcher();
    const stop = apiOnDemand(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.push(event(anOrder));
    await vi.waitFor(() => expect(seen.orders).toEqual([anOrder]));
    stop();
    await vi.waitFor(() => expect(server.cancelled() || server.requests[0]?.signal.aborted).toBe(true));
    expect(seen.errors).toEqual([]);
  });

  it("opens no stream when stopped before its code arrived", async () => {
    const server = fakeStream();
    const seen = watcher();
    apiOnDemand(clientOptions(server.fetchImpl)).orders.watch({ orderCode: "20250101000001" }, seen)();
    await import("./stream-calls.ts");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});

/** The bills' stream's handlers over lists a test reads. */
function billWatcher(seen: { bills: AppBill[]; errors: ApiError[] }) {
  return { onEvent: (b: AppBill) => void seen.bills.push(b), onError: (e: ApiError) => void seen.errors.push(e) };
}
const billsSeen = () => ({ bills: [] as AppBill[], errors: [] as ApiError[] });

describe("bills.watch (the endpoint table's billEvents)", () => {
  it("asks for the merchant's bills stream with the client's headers and hands over each bill", async () => {
    const server = fakeStream();
    const seen = billsSeen();
    const stop = streamCalls(clientOptions(server.fetchImpl)).bills.watch({}, billWatcher(seen));
    const bill = sampleBill();
    server.push(sse(bill, "bill") + sse({ other: true }, "ping"));
    await expect.poll(() => seen.bills).toEqual([bill]);
    const request = server.requests[0] as Request;
    expect(request.url).toBe("http://api.test/api/Bill/Events");
    expect(request.headers.get("Authorization")).toBe("Bearer tok");
    expect(request.headers.get("Language")).toBe("ja-JP");
    stop();
    expect(seen.errors).toEqual([]);
  });

  it("ends with one error on a bill of the wrong shape, so the page polls instead", async () => {
    const server = fakeStream();
    const seen = billsSeen();
    streamCalls(clientOptions(server.fetchImpl)).bills.watch({}, billWatcher(seen));
    server.push(sse({ ...sampleBill(), amount: 25 }, "bill"));
    await expect.poll(() => seen.errors.length).toBe(1);
    expect(seen.errors[0]).toMatchObject({ kind: "parse", errCode: "bill" });
    expect(seen.bills).toEqual([]);
  });

  it("is on the console's Api", async () => {
    const server = fakeStream();
    const seen = billsSeen();
    const stop = makeApi(clientOptions(server.fetchImpl)).bills.watch({}, billWatcher(seen));
    server.push(sse(sampleBill(), "bill"));
    await expect.poll(() => seen.bills).toHaveLength(1);
    stop();
  });
});
