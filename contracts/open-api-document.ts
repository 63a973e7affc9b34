import * as z from "zod/mini";
import { type OpenApiRoute, openApiPrefix, openApiRoutes } from "./open-api.ts";
import { appBill } from "./schemas/bills.ts";
import { callbackRetrySchedule, callbackTestData, invoiceCallbackData } from "./schemas/callbacks.ts";
import { errCodes } from "./schemas/envelope.ts";
import { openWithdrawal } from "./schemas/open-api.ts";

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodMiniType, io: "input" | "output"): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });
  return rest as JsonSchema;
};

const envelopeOf = (resData: JsonSchema, success: boolean): JsonSchema => ({
  type: "object",
  required: ["success", "errCode", "errMsg", "resData"],
  properties: {
    success: { const: success },
    errCode: success ? { const: errCodes.ok } : { type: "string", description: "See the errCodes listed in info" },
    errMsg: { type: "string" },
    resData: resData,
  },
});

const refusal = { $ref: "#/components/schemas/Refusal" };
const refusals = {
  "400": {
    description:
      "Input that does not validate (1001), a list cursor not made for these filters (1005), an unknown chain (2207), a withdrawal refused (2801–2807), past the application's any-address daily limit (2817), an invoice's amount (2901) or redirectUrl (2907) refused, a chain without deposit addresses (2511)",
    content: json(refusal),
  },
  "401": {
    description:
      "The signature: none (2501), not matching, a component left out or malformed (2502), an unknown AppKey (2503), a stale created (2504), a nonce replayed (2505), a body that is not its Content-Digest (2506), more than one signature (2512), a nonce longer than 128 characters or outside printable ASCII (2513)",
    content: json(refusal),
  },
  "403": {
    description:
      "Stopped application (2507), the package's limit of end-customer deposit addresses reached (2508) or no active package (2509), withdrawals not offered (2810), a withdrawal destination not in the merchant's address book (2816) or still cooling down there (2813), a chain whose currencies are turned off in My currencies (2514), no chain an invoice can be paid on (2906)",
    content: json(refusal),
  },
  "409": {
    description:
      "An Idempotency-Key the application used for another withdrawal (2808) or invoice request (2903), an orderId with an invoice made by another request (2902), an invoice that can no longer be cancelled (2905)",
    content: json(refusal),
  },
  "404": {
    description:
      "No deposit address for this end user on this chain (2510), no bill of this number (2601), no withdrawal of this id (2809), no invoice of this id in the application (2904)",
    content: json(refusal),
  },
  "429": { description: "The application's rate limit (2005); Retry-After says when", content: json(refusal) },
};

function json(schema: JsonSchema) {
  return { "application/json": { schema } };
}

/** Each property of an object schema as an OpenAPI parameter in `place`. */
function parametersOf(schema: z.ZodMiniType | undefined, place: "path" | "query" | "header") {
  if (!schema) return [];
  const object = schemaOf(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function operationOf(operationId: string, route: OpenApiRoute) {
  return {
    operationId,
    summary: route.summary,
    security: [{ httpMessageSignature: [] }],
    parameters: [
      ...parametersOf(route.params, "path"),
      ...parametersOf(route.query, "query"),
      ...parametersOf(route.headers, "header"),
    ],
    ...(route.body ? { requestBody: { required: true, content: json(schemaOf(route.body, "input")) } } : {}),
    responses: {
      "200": {
        description: "The result, in the envelope",
        content: json(envelopeOf(schemaOf(route.response, "output"), true)),
      },
      ...refusals,
    },
  };
}

const signatureDescription = [
  "Every request is signed with RFC 9421 HTTP Message Signatures, e.g. with `http-message-signatures` (npm, PyPI).",
  "Two headers: `Signature-Input` (the covered components and parameters) and `Signature` (the HMAC), label of your choice.",
  "Algorithm `hmac-sha256`; key = the AppSecret's characters as UTF-8; `keyid` = the AppKey.",
  'Covered components: `"@method"` and `"@target-uri"` (the full URL called, query included), and `"content-digest"`',
  "when there is a body, with a `Content-Digest` header per RFC 9530 (`sha-256=:<base64>:` of the body's bytes).",
  "Parameters: `created` (Unix seconds; refused when more than 5 minutes old), `nonce` (1 to 128 printable ASCII",
  "characters, unique per request within those 5 minutes; a replay is refused), `keyid` and `alg`.",
  "Exactly one signature per request: one `Signature-Input` and one `Signature` header, each with one member (2512 otherwise).",
].join(" ");

const webhookVerification = [
  "Every callback is signed per Standard Webhooks 1.0: verify it with the maintained `standardwebhooks` library of your",
  "language (npm, PyPI, Go, PHP, Java, Ruby …) and the application's webhook secret (`whsec_…`, My applications →",
  "credentials), over the raw body's bytes, before parsing it. The headers: `webhook-id` (the event's id, the same on",
  "every retry and redelivery: de-duplicate on it), `webhook-timestamp` (Unix seconds of this attempt; refuse more than",
  "5 minutes off) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two, space-separated, while",
  "a rotation's grace window is open). Answer 2xx within 10 s once handled: anything else is retried after",
  `${callbackRetrySchedule.map((seconds) => `${seconds} s`).join(", ")} (about 3 days), then the bill's notice status is failed.`,
  'TypeScript: `new Webhook(secret).verify(rawBody, headers)` (import { Webhook } from "standardwebhooks");',
  "Python: `Webhook(secret).verify(raw_body, headers)` (from standardwebhooks.webhooks import Webhook).",
].join(" ");

const webhookHeaderParameters = [
  ["webhook-id", "The event's id (a UUID), also the body's `id`: the same on every attempt"],
  ["webhook-timestamp", "When this attempt was sent, in Unix seconds"],
  ["webhook-signature", "`v1,<base64 signature>`, space-separated when two secrets sign during a rotation"],
].map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));

/**
 * The callbacks this service POSTs (OpenAPI 3.1 `webhooks`): deposits' and invoices' to the application's recharge
 * callback URL, withdrawals' (those its key asked) to its withdraw callback URL.
 */
function webhooksOf() {
  const toWithdraw = "Sent to the withdraw callback URL of the application whose key asked the withdrawal: ";
  const toInvoice = "Sent to the recharge callback URL of the invoice's application, once per change of its status: ";
  const events = [
    ["deposit.credited", "A deposit reached the merchant's balance: the bill, status credited", appBill],
    ["deposit.reversed", "A reorganisation took a credited deposit back: the bill, status reversed", appBill],
    [
      "withdrawal.awaitingApproval",
      `${toWithdraw}above the application's auto-approve limit, held until the merchant approves or rejects it`,
      openWithdrawal,
    ],
    [
      "withdrawal.requested",
      `${toWithdraw}asked for (or approved), its amount and fee held; it will be sent`,
      openWithdrawal,
    ],
    ["withdrawal.signed", `${toWithdraw}its transaction signed and stored`, openWithdrawal],
    ["withdrawal.broadcast", `${toWithdraw}its transaction sent to the chain`, openWithdrawal],
    ["withdrawal.confirmed", `${toWithdraw}mined with the chain's confirmations: paid (txHash)`, openWithdrawal],
    [
      "withdrawal.failed",
      `${toWithdraw}it will not be paid (failure says why); amount and fee are back`,
      openWithdrawal,
    ],
    ["invoice.processing", `${toInvoice}money seen at its address, confirmations counting`, invoiceCallbackData],
    ["invoice.paid", `${toInvoice}confirmed money covers the amount (flag overpaid: see excess)`, invoiceCallbackData],
    [
      "invoice.expired",
      `${toInvoice}its time ran out first (flag underpaid: amountReceived came); again, flagged paidLate, when money that came after is credited (in amountReceived)`,
      invoiceCallbackData,
    ],
    ["invoice.cancelled", `${toInvoice}cancelled before anything arrived`, invoiceCallbackData],
    ["callback.test", "Sent from the Transaction callbacks page to check a receiver; moves no money", callbackTestData],
  ] as const;
  return Object.fromEntries(
    events.map(([type, summary, data]) => [
      type,
      {
        post: {
          operationId: `callback_${type.replace(".", "_")}`,
          summary,
          description: webhookVerification,
          parameters: webhookHeaderParameters,
          requestBody: {
            required: true,
            content: json({
              type: "object",
              required: ["id", "type", "timestamp", "data"],
              properties: {
                id: { type: "string", format: "uuid", description: "The event's id, as in webhook-id" },
                type: { const: type },
                timestamp: { type: "string", format: "date-time", description: "When the event happened" },
                data: schemaOf(data, "output"),
              },
            }),
          },
          responses: {
            "200": { description: "Any 2xx: handled (the body is kept, first 4 kB, for the callback log)" },
            default: { description: "Anything else, or no answer within 10 s: sent again later, same webhook-id" },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of the open API, made from the same zod schemas that validate its requests. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of Object.entries(openApiRoutes) as [string, OpenApiRoute][]) {
    const path = openApiPrefix + route.path;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(operationId, route) };
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Merchant Console open API",
      version: "1",
      description:
        "For a merchant's own systems: deposit addresses for its end users, invoices for its orders (each with its own payment addresses and a hosted checkout page), the bills of their deposits, its balance and withdrawals from it, and (under webhooks) the signed callbacks it receives. Every answer is the envelope `{ success, errCode, errMsg, resData }`; errCode 0 is success. Amounts are decimal strings.",
    },
    paths,
    webhooks: webhooksOf(),
    components: {
      schemas: { Refusal: envelopeOf({ type: "null" }, false) },
      securitySchemes: {
        httpMessageSignature: {
          type: "apiKey",
          in: "header",
          name: "Signature",
          description: signatureDescription,
        },
      },
    },
    security: [{ httpMessageSignature: [] }],
  };
}
