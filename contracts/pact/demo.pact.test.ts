import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { apiFor, createPact, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { regex } = MatchersV3;
const pact = createPact();

const invoiceId = "DemoPactInvoice0123456";

describe("the demo (/demo01)", () => {
  it("makes a demo invoice, whose checkout page the visitor goes on to", async () => {
    await pact
      .addInteraction()
      .given(states.demoOpen)
      .uponReceiving("a request for a demo invoice")
      .withRequest("POST", "/api/Demo/Checkout", (b) => b.headers(jsonHeaders).jsonBody({}))
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ invoiceId: regex("^[A-Za-z0-9_-]{22}$", invoiceId) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).demo.checkout({})).resolves.toEqual({ invoiceId });
      });
  });
});
