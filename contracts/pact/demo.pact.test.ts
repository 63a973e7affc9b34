import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { apiFor, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex } = MatchersV3;
const pact = createPact();

const orderCode = "DEMO-PACT234567";
const order = (status: "pending" | "paid") => ({
  orderCode: regex("^DEMO-[A-Z0-9]{10}$", orderCode),
  amount: regex("^\\d+(\\.\\d{1,6})?$", "49.90"),
  currency: "USDT",
  chain: regex("^(ETH|BSC)$", "ETH"),
  address: like("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"),
  expiresAt: isoDate("2024-05-01T08:15:00.000Z"),
  serverTime: isoDate("2024-05-01T08:00:00.000Z"),
  status,
});

describe("the checkout demo (/demo01)", () => {
  it("creates a demo order waiting for its payment", async () => {
    await pact
      .addInteraction()
      .given(states.demoOpen)
      .uponReceiving("a request for a demo order on Ethereum")
      .withRequest("POST", "/api/Demo/Checkout", (b) =>
        b.headers(jsonHeaders).jsonBody({ chain: regex("^(ETH|BSC)$", "ETH") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(order("pending"))))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).demo.checkout({ chain: "ETH" })).resolves.toEqual(exampleOf(order("pending")));
      });
  });

  it("answers the status of a demo order", async () => {
    await pact
      .addInteraction()
      .given(states.demoOrderPending, { orderCode })
      .uponReceiving("a status request for a pending demo order")
      .withRequest("POST", "/api/Demo/Status", (b) => b.headers(jsonHeaders).jsonBody({ orderCode: like(orderCode) }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(order("pending"))))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).demo.status({ orderCode })).resolves.toMatchObject({ orderCode, status: "pending" });
      });
  });

  it("marks a pending demo order paid", async () => {
    await pact
      .addInteraction()
      .given(states.demoOrderPending, { orderCode })
      .uponReceiving("a simulated payment of a pending demo order")
      .withRequest("POST", "/api/Demo/Pay", (b) => b.headers(jsonHeaders).jsonBody({ orderCode: like(orderCode) }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(order("paid"))))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).demo.pay({ orderCode })).resolves.toMatchObject({ status: "paid" });
      });
  });

  it("refuses to pay an expired demo order with errCode 2112", async () => {
    await pact
      .addInteraction()
      .given(states.demoOrderExpired, { orderCode })
      .uponReceiving("a simulated payment of an expired demo order")
      .withRequest("POST", "/api/Demo/Pay", (b) => b.headers(jsonHeaders).jsonBody({ orderCode: like(orderCode) }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2112", "The demo order has expired")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).demo.pay({ orderCode })).rejects.toMatchObject({ errCode: "2112" });
      });
  });

  it("answers errCode 2111 for a demo order it does not know", async () => {
    await pact
      .addInteraction()
      .given(states.noDemoOrder, { orderCode })
      .uponReceiving("a status request for an unknown demo order")
      .withRequest("POST", "/api/Demo/Status", (b) => b.headers(jsonHeaders).jsonBody({ orderCode: like(orderCode) }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2111", "No such demo order")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).demo.status({ orderCode })).rejects.toMatchObject({ errCode: "2111" });
      });
  });
});
