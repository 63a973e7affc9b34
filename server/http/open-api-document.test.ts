import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPrefix, openApiRoutes } from "../../contracts/open-api.ts";
import { appBill } from "../../contracts/schemas/bills.ts";
import { callbackEventTypes, callbackTestData, invoiceCallbackData } from "../../contracts/schemas/callbacks.ts";
import { openWithdrawal } from "../../contracts/schemas/open-api.ts";
import { createHarness, type Harness } from "../testing/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe("GET /open/v1/openapi.json", () => {
  it("serves an OpenAPI 3.1 document, unsigned, with every route of the open-API table", async () => {
    const response = await h.app.inject({ method: "GET", url: `${openApiPrefix}/openapi.json` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const doc = response.json();

    // The structure OpenAPI 3.1 requires of the parts we use.
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(typeof doc.paths).toBe("object");
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      expect(path.startsWith("/")).toBe(true);
      for (const [method, operation] of Object.entries<Record<string, unknown>>(item as never)) {
        expect(methods).toContain(method);
        expect(Object.keys(operation.responses as object).length).toBeGreaterThan(0);
        for (const parameter of (operation.parameters ?? []) as Array<Record<string, unknown>>) {
          expect(["path", "query", "header", "cookie"]).toContain(parameter.in);
          if (parameter.in === "path") expect(path).toContain(`{${String(parameter.name)}}`);
        }
        for (const requirement of operation.security as Array<Record<string, unknown>>)
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    const scheme = doc.components.securitySchemes.httpMessageSignature;
    expect(["apiKey", "http", "mutualTLS", "oauth2", "openIdConnect"]).toContain(scheme.type);
    for (const words of [
      "Signature-Input",
      "hmac-sha256",
      "keyid",
      "@method",
      "@target-uri",
      "content-digest",
      "created",
      "nonce",
    ])
      expect(scheme.description).toContain(words);
    // Every $ref resolves inside the document.
    for (const ref of JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)) {
      const target = ref[1]!.split("/").reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc);
      expect(target, ref[1]).toBeDefined();
    }

    for (const [operationId, route] of Object.entries(openApiRoutes)) {
      const operation = doc.paths[openApiPrefix + route.path]?.[route.method.toLowerCase()];
      expect(operation, operationId).toMatchObject({ operationId });
      expect(operation.responses["200"].content["application/json"].schema.properties.resData.type).toBe("object");
    }
  });

  it("declares every callback under webhooks: the Standard Webhooks headers, how to verify them, each body's fields (a deposit's bill, a withdrawal as the open API answers it, an invoice after its change)", async () => {
    const doc = (await h.app.inject({ method: "GET", url: `${openApiPrefix}/openapi.json` })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...callbackEventTypes].sort());
    for (const type of callbackEventTypes) {
      const post = doc.webhooks[type].post;
      expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
        "header:webhook-id",
        "header:webhook-timestamp",
        "header:webhook-signature",
      ]);
      for (const words of [
        "standardwebhooks",
        "whsec_",
        "raw body",
        "de-duplicate",
        "10 s",
        "from standardwebhooks.webhooks import Webhook",
      ])
        expect(post.description).toContain(words);
      const body = post.requestBody.content["application/json"].schema;
      expect(body.required).toEqual(["id", "type", "timestamp", "data"]);
      expect(body.properties.type).toEqual({ const: type });
      const data =
        type === "callback.test"
          ? callbackTestData
          : type.startsWith("withdrawal.")
            ? openWithdrawal
            : type.startsWith("invoice.")
              ? invoiceCallbackData
              : appBill;
      const fields = Object.keys(data.shape).sort();
      expect(Object.keys(body.properties.data.properties).sort()).toEqual(fields);
    }
  });

  it("describes a request body with the same schema the server validates it with", async () => {
    const doc = (await h.app.inject({ method: "GET", url: `${openApiPrefix}/openapi.json` })).json();
    const body = doc.paths[`${openApiPrefix}/deposit-addresses`].post.requestBody.content["application/json"].schema;
    expect(body).toMatchObject({ required: ["endUserId", "chain"], additionalProperties: false });
    expect(body.properties.endUserId).toMatchObject({ type: "string", maxLength: 128 });
  });

  it("describes the bills: the list's query and the bill's number, each bill with every field of appBill", async () => {
    const doc = (await h.app.inject({ method: "GET", url: `${openApiPrefix}/openapi.json` })).json();
    const list = doc.paths[`${openApiPrefix}/bills`].get;
    expect(list.operationId).toBe("listBills");
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}.${p.name}`)).toEqual([
      "query.endUserId",
      "query.status",
      "query.startTime",
      "query.endTime",
      "query.cursor",
      "query.pageSize",
    ]);
    const status = list.parameters.find((p: { name: string }) => p.name === "status");
    expect(status.schema.enum).toEqual(["confirming", "credited", "dropped", "reversed"]);
    const page = list.responses["200"].content["application/json"].schema.properties.resData;
    expect(page.required).toEqual(
      expect.arrayContaining(["items", "pageSize", "nextCursor", "previousCursor", "total", "totalCapped"]),
    );
    expect(page.properties.items.items.properties.amount).toMatchObject({ type: "string" });
    const one = doc.paths[`${openApiPrefix}/bills/{billNo}`].get;
    expect(one.parameters).toEqual([expect.objectContaining({ name: "billNo", in: "path", required: true })]);
    const bill = one.responses["200"].content["application/json"].schema.properties.resData;
    expect(Object.keys(bill.properties)).toEqual(expect.arrayContaining(["billNo", "txHash", "blockNumber", "status"]));
    expect(one.responses["404"].description).toContain("2601");
  });

  it("describes the invoices: the create body with its bounds, the list's query, the answer, and their refusals", async () => {
    const doc = (await h.app.inject({ method: "GET", url: `${openApiPrefix}/openapi.json` })).json();
    const create = doc.paths[`${openApiPrefix}/invoices`].post;
    expect(create.operationId).toBe("createInvoice");
    const body = create.requestBody.content["application/json"].schema;
    expect(body).toMatchObject({ required: ["orderId", "amount"], additionalProperties: false });
    expect(Object.keys(body.properties)).toEqual([
      "orderId",
      "amount",
      "chains",
      "expiresInSeconds",
      "description",
      "customerEmail",
      "redirectUrl",
      "metadata",
    ]);
    expect(body.properties.expiresInSeconds).toMatchObject({ minimum: 300, maximum: 604_800 });
    expect(create.parameters).toEqual([expect.objectContaining({ name: "idempotency-key", in: "header" })]);
    const invoice = create.responses["200"].content["application/json"].schema.properties.resData;
    expect(Object.keys(invoice.properties)).toEqual(
      expect.arrayContaining(["invoiceId", "status", "checkoutUrl", "amount", "expiresAt", "addresses"]),
    );
    expect(invoice.properties.status.enum).toEqual(["new", "processing", "paid", "expired", "cancelled"]);
    expect(Object.keys(invoice.properties.addresses.items.properties)).toEqual([
      "chain",
      "chainId",
      "token",
      "address",
    ]);
    const list = doc.paths[`${openApiPrefix}/invoices`].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}.${p.name}`)).toEqual([
      "query.status",
      "query.orderId",
      "query.cursor",
      "query.pageSize",
    ]);
    expect(doc.paths[`${openApiPrefix}/invoices/{invoiceId}`].get.operationId).toBe("invoice");
    const cancel = doc.paths[`${openApiPrefix}/invoices/{invoiceId}/cancel`].post;
    expect(cancel.operationId).toBe("cancelInvoice");
    for (const code of ["2902", "2903", "2905"]) expect(cancel.responses["409"].description).toContain(code);
    expect(cancel.responses["404"].description).toContain("2904");
    for (const code of ["2901", "2907"]) expect(create.responses["400"].description).toContain(code);
    expect(create.responses["403"].description).toContain("2906");
  });

  it("names every signature refusal under 401, as docs/open-api.md does", async () => {
    const doc = (await h.app.inject({ method: "GET", url: `${openApiPrefix}/openapi.json` })).json();
    const unauthorized = doc.paths[`${openApiPrefix}/balance`].get.responses["401"].description;
    for (const code of ["2501", "2502", "2503", "2504", "2505", "2506", "2512", "2513"])
      expect(unauthorized, code).toContain(code);
  });
});
