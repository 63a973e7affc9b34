/**
 * The developer centre's code: how to sign an open API request (RFC 9421) and verify a callback (Standard
 * Webhooks) with the maintained libraries, TypeScript and Python. The text is docs/open-api.md's, word for word:
 * developer-snippets.test.ts fails when the two differ, so change both together.
 */

export const signTypeScript = `import { openApiClient } from "./examples/open-api-client.ts";

const client = openApiClient({ baseUrl: "https://pay.example", appKey: "ak_…", appSecret: "…" });
const { resData } = await client.createDepositAddress({ endUserId: "customer-42", chain: "Eth" });
console.log(resData.address, (await client.balance()).resData.balance);

const invoice = await client.createInvoice({ orderId: "order-1001", amount: "19.99", description: "A mug" });
// Send the customer to invoice.resData.checkoutUrl; later (or on its callback) read its status:
const { status, amountReceived } = (await client.invoice(invoice.resData.invoiceId)).resData;
`;

export const signPython = `import base64, datetime, hashlib, json, uuid
import requests
from http_message_signatures import HTTPMessageSigner, HTTPSignatureKeyResolver, algorithms

BASE, APP_KEY, APP_SECRET = "https://pay.example", "ak_…", "…"

class AppSecret(HTTPSignatureKeyResolver):
    def resolve_private_key(self, key_id):
        return APP_SECRET.encode("utf-8")

signer = HTTPMessageSigner(signature_algorithm=algorithms.HMAC_SHA256, key_resolver=AppSecret())

def call(method, path, payload=None, headers=None):
    body = None if payload is None else json.dumps(payload).encode("utf-8")
    request = requests.Request(method, BASE + "/open/v1" + path, data=body, headers=headers or {}).prepare()
    components = ["@method", "@target-uri"]
    if body is not None:
        request.headers["Content-Type"] = "application/json"
        request.headers["Content-Digest"] = "sha-256=:" + base64.b64encode(hashlib.sha256(body).digest()).decode() + ":"
        components.append("content-digest")
    signer.sign(request, key_id=APP_KEY, covered_component_ids=components, nonce=uuid.uuid4().hex,
                created=datetime.datetime.now(datetime.timezone.utc), include_alg=True)
    return requests.Session().send(request).json()

address = call("POST", "/deposit-addresses", {"endUserId": "customer-42", "chain": "Eth"})["resData"]["address"]
balance = call("GET", "/balance")["resData"]["balance"]  # a string: use decimal.Decimal, never float

# An invoice for an order; a retry with the same Idempotency-Key (or the same orderId and body) answers the same one.
order = {"orderId": "order-1001", "amount": "19.99", "description": "A mug"}
invoice = call("POST", "/invoices", order, {"Idempotency-Key": "order-1001"})["resData"]
checkout_url = invoice["checkoutUrl"]  # send the customer there
status = call("GET", "/invoices/" + invoice["invoiceId"])["resData"]["status"]  # new, processing, paid, expired …
`;

export const verifyTypeScript = `import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.WEBHOOK_SECRET!); // "whsec_…"
// rawBody: the request body's bytes exactly as received (a Buffer), not re-serialised JSON
const event = webhook.verify(rawBody, {
  "webhook-id": headers["webhook-id"],
  "webhook-timestamp": headers["webhook-timestamp"],
  "webhook-signature": headers["webhook-signature"],
}) as { id: string; type: string; data: { billNo: string; amount: string } }; // throws WebhookVerificationError
`;

export const verifyPython = `from standardwebhooks.webhooks import Webhook

webhook = Webhook(WEBHOOK_SECRET)  # "whsec_…"
event = webhook.verify(raw_body, request_headers)  # raw bytes; raises WebhookVerificationError
if not already_handled(event["id"]):  # record the id with what you do, in one transaction
    credit_customer(event["data"]["endUserId"], decimal.Decimal(event["data"]["amount"]))
`;
