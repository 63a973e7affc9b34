import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { callbackExportTable } from "../exports/callbacks.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { callbacksEndpoints } from "../endpoints/callbacks.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";

const { like, regex, integer, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const appCode = "2026112590000001";
const billNo = "20261125900000001";
const attemptId = "1";
const name = "Pact shop";
const withFailedCallback = { email, name };
// biome-ignore-start lint/suspicious/noTemplateCurlyInString: Pact provider-state expressions, not templates
/** What the provider picks (the application's code, the attempt's id): filled in from the provider state. */
const stateAppCode = () => fromProviderState("${appCode}", appCode);
const stateAttemptId = () => fromProviderState("${attemptId}", attemptId);
// biome-ignore-end lint/suspicious/noTemplateCurlyInString: Pact provider-state expressions, not templates

const id = (example: string) => regex("^\\d{1,19}$", example);
const uuid = regex(
  "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
  "5f0c7c1e-3b1a-4c55-9d4e-2a7b8c9d0e1f",
);

/**
 * resData of an attempt (contracts/schemas/callbacks.ts callbackAttempt) to the state's application, whose callback
 * URLs refuse connections: no answer, the error says why, and the delivery is failed.
 */
const failedAttempt = (
  kind: { eventType: "deposit.credited"; trigger: "auto" | "manual" } | { eventType: "callback.test"; trigger: "test" },
  attemptNo: number,
) => ({
  attemptId: id("2"),
  deliveryId: id("1"),
  eventId: uuid,
  eventType: kind.eventType,
  appCode: regex("^\\d{8,24}$", appCode),
  appName: like(name),
  target: "recharge",
  billNo: kind.eventType === "callback.test" ? null : regex("^\\d{8,24}$", billNo),
  withdrawalId: null,
  invoiceId: null,
  attemptNo: integer(attemptNo),
  trigger: kind.trigger,
  url: like("http://127.0.0.1:1/recharge"),
  requestBody: like(`{"id":"5f0c7c1e-3b1a-4c55-9d4e-2a7b8c9d0e1f","type":"${kind.eventType}"}`),
  responseStatus: null,
  responseBody: like(""),
  error: like("ECONNREFUSED"),
  latencyMs: integer(1),
  result: "failed",
  sentAt: isoDate("2026-11-25T08:00:00.000Z"),
  nextRetryAt: null,
  deliveryStatus: "failed",
});

describe("transaction callbacks (proposed)", () => {
  // The failed callback is no test event: the file is its header alone, whatever the provider's attempts hold.
  it("exports the attempts a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: [[states.failedCallback, withFailedCallback]],
      description: "a CSV export of the merchant's test events",
      endpoint: callbacksEndpoints.callbackExport,
      body: { eventType: "callback.test" },
      table: callbackExportTable,
      call: (api) => api.callbacks.export({ eventType: "callback.test" }),
    }));

  it("lists the merchant's failed attempts of an application, a page at a time", () =>
    listPageInteraction(pact, {
      given: [[states.failedCallback, withFailedCallback]],
      description: "a request for the merchant's failed callback attempts of one application",
      endpoint: callbacksEndpoints.callbackList,
      body: { appCode: stateAppCode(), result: "failed", pageSize: 10 },
      row: failedAttempt({ eventType: "deposit.credited", trigger: "auto" }, 1),
      call: (api) => api.callbacks.list({ appCode, result: "failed", pageSize: 10 }),
    }));

  it("redelivers an attempt's event now and answers the new attempt", async () => {
    const attempt = failedAttempt({ eventType: "deposit.credited", trigger: "manual" }, 2);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.failedCallback, withFailedCallback)
      .uponReceiving("a request to redeliver one of the merchant's callback attempts")
      .withRequest("POST", "/api/Callback/Redeliver", (b) =>
        b.headers(authHeaders(token)).jsonBody({ attemptId: stateAttemptId() }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(attempt)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).callbacks.redeliver({ attemptId })).resolves.toEqual(exampleOf(attempt));
      });
  });

  it("refuses to redeliver an attempt the merchant has none of with errCode 2701", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request to redeliver a callback attempt that does not exist")
      .withRequest("POST", "/api/Callback/Redeliver", (b) =>
        b.headers(authHeaders(token)).jsonBody({ attemptId: "999999" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2701", "No such callback attempt")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).callbacks.redeliver({ attemptId: "999999" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2701",
        });
      });
  });

  it("queues every failed delivery of an application since a time and answers how many", async () => {
    const queued = { queued: integer(1) };
    const since = "2000-01-01T00:00:00.000Z";
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.failedCallback, withFailedCallback)
      .uponReceiving("a request to redeliver every failed callback of one application since a time")
      .withRequest("POST", "/api/Callback/RedeliverFailed", (b) =>
        b.headers(authHeaders(token)).jsonBody({ since, appCode: stateAppCode() }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(queued)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).callbacks.redeliverFailed({ since, appCode })).resolves.toEqual(
          exampleOf(queued),
        );
      });
  });

  it("sends a signed test event to the application's recharge URL and answers the attempt at once", async () => {
    const attempt = failedAttempt({ eventType: "callback.test", trigger: "test" }, 1);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.failedCallback, withFailedCallback)
      .uponReceiving("a request to send a test event to an application's recharge callback URL")
      .withRequest("POST", "/api/Callback/Test", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode(), target: "recharge" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(attempt)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).callbacks.test({ appCode, target: "recharge" });
        await expect(answer).resolves.toEqual(exampleOf(attempt));
      });
  });

  it("refuses a test event to an application the merchant has none of with errCode 2401", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request to send a test event to an application that does not exist")
      .withRequest("POST", "/api/Callback/Test", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: "2099010190009999", target: "recharge" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2401", "No such application")))
      .executeTest(async (mock) => {
        await expect(
          apiFor(mock, token).callbacks.test({ appCode: "2099010190009999", target: "recharge" }),
        ).rejects.toMatchObject({ kind: "api", errCode: "2401" });
      });
  });
});
