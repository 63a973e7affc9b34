import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import {
  orderBody,
  orderDetailBody,
  packageBody,
  payChainBody,
  stateOrderCode,
  statePackageId,
  usdt,
} from "./order-bodies.ts";
import { orderExportTable } from "../exports/orders.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { ordersEndpoints } from "../endpoints/orders.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";

const { like, regex, integer, eachLike } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const orderCode = "2026112300000001";
const devnet = "Devnet";

describe("packages and the merchant's package (proposed)", () => {
  it("lists the packages on sale, limited and unlimited", async () => {
    // Pact has no "integer or null": the catalogue must hold both shapes, each matched by its own variant.
    const limited = packageBody();
    const unlimited = { ...packageBody(true), kind: regex("^(trial|standard|enterprise)$", "enterprise") };
    const list = MatchersV3.arrayContaining(limited, unlimited);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for the package catalogue")
      .withRequest("POST", "/api/Package/List", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(list)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.packages()).resolves.toEqual([
          exampleOf(limited),
          exampleOf(unlimited),
        ]);
      });
  });

  it("answers the merchant's active package, its expiry and usage", async () => {
    const current = {
      package: packageBody(),
      expiresAt: isoDate("2026-12-23T08:10:00.000Z"),
      active: MatchersV3.boolean(true),
      trialAvailable: MatchersV3.boolean(true),
      usage: { wallets: integer(1), currencies: integer(1), applications: integer(0) },
      serverTime: isoDate("2026-11-23T08:00:01.000Z"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.paidOrder, { email, packageCode: "basic", product: devnet })
      .uponReceiving("a request for the merchant's current package")
      .withRequest("POST", "/api/Package/Current", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(current)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.subscription()).resolves.toEqual(exampleOf(current));
      });
  });
});

describe("orders (proposed)", () => {
  it("creates an order for a package, pending its payment", async () => {
    const created = orderBody("pending");
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.packageOnSale, { packageCode: "basic" })
      .uponReceiving("a request to order a package")
      .withRequest("POST", "/api/Order/Create", (b) =>
        b.headers(authHeaders(token)).jsonBody({ packageId: statePackageId("2") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(created)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.create({ packageId: "2" })).resolves.toEqual(exampleOf(created));
      });
  });

  it("credits the unused part of the current paid package on an upgrade's order (issue 42)", async () => {
    const upgrade = orderBody("pending", {
      packageId: statePackageId("3"),
      packageCode: like("pro"),
      packageName: like("Pro"),
      termUnit: regex("^(day|month|quarter|year)$", "quarter"),
      termMonths: integer(3),
      upgrade: "replace",
      price: usdt("79"),
      credit: usdt("28.999999"),
      amount: usdt("50.000001"),
      remaining: usdt("50.000001"),
    });
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.paidOrder, { email, packageCode: "basic", product: devnet })
      .given(states.packageOnSale, { packageCode: "pro" })
      .uponReceiving("a request to order a higher package while a paid one runs")
      .withRequest("POST", "/api/Order/Create", (b) =>
        b.headers(authHeaders(token)).jsonBody({ packageId: statePackageId("3") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(upgrade)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.create({ packageId: "3" })).resolves.toEqual(exampleOf(upgrade));
      });
  });

  it("refuses a second open order with errCode 2204", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.openOrder, { email, packageCode: "basic" })
      .given(states.packageOnSale, { packageCode: "pro" })
      .uponReceiving("a request to order a package while another order is open")
      .withRequest("POST", "/api/Order/Create", (b) =>
        b.headers(authHeaders(token)).jsonBody({ packageId: statePackageId("3") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(failure("2204", "Pay or cancel your open order first")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.create({ packageId: "3" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2204",
        });
      });
  });

  it("refuses an order without a package with HTTP 400 and errCode 1001", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request to order with no package chosen")
      .withRequest("POST", "/api/Order/Create", (b) => b.headers(authHeaders(token)).jsonBody({ packageId: "" }))
      .willRespondWith(400, (b) =>
        b.headers(responseHeaders).jsonBody(failure("1001", "packageId: Please select the current package first")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.create({ packageId: "" })).rejects.toMatchObject({
          kind: "api",
          errCode: "1001",
        });
      });
  });

  // The merchant's only order is open: no failed one, so the file is its header alone.
  it("exports the orders a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: [[states.openOrder, { email, packageCode: "basic" }]],
      description: "a CSV export of the merchant's failed orders",
      endpoint: ordersEndpoints.orderExport,
      body: { status: "failed" },
      table: orderExportTable,
      call: (api) => api.orders.export({ status: "failed" }),
    }));

  it("lists the merchant's orders, filtered and a page at a time", () =>
    listPageInteraction(pact, {
      given: [[states.openOrder, { email, packageCode: "basic" }]],
      description: "a search of the merchant's pending orders",
      endpoint: ordersEndpoints.orderList,
      body: {
        status: regex("^(pending|waiting|paid|cancelled|failed)$", "pending"),
        startTime: isoDate("2020-01-01T00:00:00.000Z"),
        pageSize: integer(10),
      },
      row: orderBody("pending"),
      call: (api) => api.orders.list({ status: "pending", startTime: "2020-01-01T00:00:00.000Z", pageSize: 10 }),
    }));

  it("answers an order's details with the transfers that paid it", async () => {
    const detail = orderDetailBody("paid", true);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.paidOrder, { email, packageCode: "basic", product: devnet })
      .uponReceiving("a request for a paid order's details")
      .withRequest("POST", "/api/Order/Detail", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(detail)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.detail({ orderCode })).resolves.toEqual(exampleOf(detail));
      });
  });

  it("answers an unknown order with errCode 2202", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for the details of an order that does not exist")
      .withRequest("POST", "/api/Order/Detail", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: like("2099010100009999") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2202", "Order not found")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.detail({ orderCode: "2099010100009999" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2202",
        });
      });
  });

  it("refuses to follow an order that does not exist with errCode 2202, before any event", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request to follow the live status of an order that does not exist")
      .withRequest("GET", "/api/Order/Events", (b) =>
        b.query({ orderCode: "2099010100009999" }).headers({
          Accept: "text/event-stream",
          Authorization: authHeaders(token).Authorization,
        }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2202", "Order not found")))
      .executeTest(async (mock) => {
        const refusal = await new Promise((resolve) => {
          apiFor(mock, token).orders.watch({ orderCode: "2099010100009999" }, { onEvent: resolve, onError: resolve });
        });
        expect(refusal).toMatchObject({ kind: "api", errCode: "2202" });
      });
  });

  it("moves a pending order to waiting on Finish Pay", async () => {
    const waiting = orderBody("waiting");
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.openOrder, { email, packageCode: "basic" })
      .uponReceiving("Finish Pay on a pending order")
      .withRequest("POST", "/api/Order/FinishPay", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(waiting)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.finishPay({ orderCode })).resolves.toMatchObject({ status: "waiting" });
      });
  });

  it("cancels a pending order", async () => {
    const cancelled = orderBody("cancelled");
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.openOrder, { email, packageCode: "basic" })
      .uponReceiving("a request to cancel a pending order")
      .withRequest("POST", "/api/Order/Cancel", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(cancelled)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.cancel({ orderCode })).resolves.toMatchObject({ status: "cancelled" });
      });
  });

  it("refuses to cancel a paid order with errCode 2203", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.paidOrder, { email, packageCode: "basic", product: devnet })
      .uponReceiving("a request to cancel a paid order")
      .withRequest("POST", "/api/Order/Cancel", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2203", "This order is closed")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.cancel({ orderCode })).rejects.toMatchObject({
          kind: "api",
          errCode: "2203",
        });
      });
  });

  it("pays an order from the account balance", async () => {
    const paid = orderBody("paid");
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "100" })
      .given(states.openOrder, { email, packageCode: "basic" })
      .uponReceiving("a request to pay an order from the balance")
      .withRequest("POST", "/api/Order/PayFromBalance", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(paid)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.payFromBalance({ orderCode })).resolves.toMatchObject({
          status: "paid",
        });
      });
  });

  it("refuses to pay from a balance that does not cover the order with errCode 2206", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "1.5" })
      .given(states.openOrder, { email, packageCode: "basic" })
      .uponReceiving("a request to pay an order from a balance too small")
      .withRequest("POST", "/api/Order/PayFromBalance", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode) }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(failure("2206", "Your balance does not cover this order")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).orders.payFromBalance({ orderCode })).rejects.toMatchObject({
          kind: "api",
          errCode: "2206",
        });
      });
  });
});

describe("the account balance and the chains to pay on (proposed)", () => {
  it("answers the balance and its ledger", async () => {
    const balance = {
      balance: usdt("100"),
      currency: "USDT",
      entries: eachLike({
        kind: regex("^(excess|late|unmatched|orderClosed|orderPayment|reorg)$", "unmatched"),
        amount: regex("^-?\\d{1,20}(\\.\\d{1,18})?$", "100"),
        orderCode: null,
        txHash: regex("^0x[0-9a-f]{64}$", `0x${"cd".repeat(32)}`),
        createdAt: isoDate("2026-11-23T08:00:00.000Z"),
      }),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "100" })
      .uponReceiving("a request for the merchant's balance")
      .withRequest("POST", "/api/Account/Balance", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(balance)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).account.balance()).resolves.toEqual(exampleOf(balance));
      });
  });

  it("lists the chains an order can be paid on", async () => {
    const chains = eachLike(payChainBody());
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product: devnet })
      .uponReceiving("a request for the chains to pay on")
      .withRequest("POST", "/api/Chain/List", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(chains)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).currencies.list()).resolves.toEqual(exampleOf(chains));
      });
  });

  it("pays an open order from the devnet's dev wallet", async () => {
    const sent = {
      txHash: regex("^0x[0-9a-f]{64}$", `0x${"ef".repeat(32)}`),
      blockNumber: regex("^\\d+$", "121"),
      amount: usdt("29"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product: devnet })
      .given(states.openOrder, { email, packageCode: "basic" })
      .uponReceiving("a request to pay an open order from the dev wallet")
      .withRequest("POST", "/api/Chain/DevPay", (b) =>
        b.headers(authHeaders(token)).jsonBody({ orderCode: stateOrderCode(orderCode), product: like(devnet) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(sent)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).currencies.devPay({ orderCode, product: devnet })).resolves.toEqual(
          exampleOf(sent),
        );
      });
  });

  it("refuses a wallet on a chain the server does not watch with errCode 2207", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for a wallet on a chain nobody configured")
      .withRequest("POST", "/api/wallet/NowhereClient/GetUserWallet", (b) =>
        b.headers(authHeaders(token)).jsonBody({ currency: like("USDT") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2207", "This chain is not available")))
      .executeTest(async (mock) => {
        await expect(
          apiFor(mock, token).wallet.userWallet({ product: "Nowhere", currency: "USDT" }),
        ).rejects.toMatchObject({
          kind: "api",
          errCode: "2207",
        });
      });
  });
});
