import { createHash, randomUUID } from "node:crypto";
import { createSigner, httpbis } from "http-message-signatures";

/**
 * A small client of the Merchant Console open API, for a merchant's own system: `fetch`, and the maintained
 * `http-message-signatures` library to sign every request per RFC 9421 (hmac-sha256, keyid = the AppKey).
 *
 *   const client = openApiClient({ baseUrl: "https://pay.example", appKey, appSecret });
 *   const created = await client.createDepositAddress({ endUserId: "customer-42", chain: "Eth" });
 *   if (created.success) console.log(created.resData.address);
 *   else console.error(created.errCode, created.errMsg);
 *
 * Every method answers the envelope (below), never throws on a refusal: its `resData` holds the result.
 */

export interface OpenApiCredentials {
  /** Where the service runs, e.g. https://pay.example (no trailing /open/v1). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
}

/** Every answer: `errCode` "0" is success, anything else says what went wrong in `errMsg`. */
export interface Envelope<T> {
  success: boolean;
  errCode: string;
  errMsg: string;
  resData: T;
}

export interface DepositAddress {
  endUserId: string;
  chain: string;
  chainId: number;
  address: string;
  appCode: string;
  createdAt: string;
}

export interface Withdrawal {
  id: string;
  chain: string;
  chainId: number;
  token: string;
  to: string;
  /** Decimal strings, like every amount. */
  amount: string;
  fee: string;
  status: "requested" | "awaitingApproval" | "signed" | "broadcast" | "confirmed" | "failed";
  txHash: string | null;
  failure: string | null;
  /** Why a requested withdrawal is not sent yet: the treasury does not cover it yet. */
  waiting: "treasury" | null;
  createdAt: string;
}

export interface Balance {
  /** A decimal string: keep it one (or a decimal type); a JavaScript number would round large amounts. */
  balance: string;
  currency: "USDT";
}

/** A transfer to one of the application's deposit addresses (the OpenAPI document's appBill has every field). */
export interface Bill {
  billNo: string;
  endUserId: string;
  fromAddress: string;
  toAddress: string;
  /** A decimal string, like the balance. */
  amount: string;
  chain: string;
  currency: string;
  txHash: string;
  /** confirming → credited; dropped or reversed when a reorganisation took it away. */
  status: "confirming" | "credited" | "dropped" | "reversed";
  confirmations: number;
  required: number;
  payTime: string;
  creditedAt: string | null;
  [field: string]: unknown;
}

/** A page of bills: ask for the next one with `nextCursor` and the same filters (null on the last page). */
export interface BillPage {
  items: Bill[];
  pageSize: number;
  nextCursor: string | null;
  previousCursor: string | null;
  /** Counted on the first page only (null on the others), at most 10,000 (`totalCapped` says there are more). */
  total: number | null;
  totalCapped: boolean;
}

export interface BillSearch {
  endUserId?: string;
  status?: Bill["status"];
  /** ISO 8601 times of the pay time. */
  startTime?: string;
  endTime?: string;
  /** The `nextCursor` (or `previousCursor`) of the page before, sent with the same filters. */
  cursor?: string;
  pageSize?: number;
}

/** One order's invoice: pay `amount` of USDT to its address on one of the chains (or on the page at `checkoutUrl`). */
export interface Invoice {
  invoiceId: string;
  orderId: string;
  /** new → processing (a payment confirming) → paid; or expired, or cancelled. */
  status: "new" | "processing" | "paid" | "expired" | "cancelled";
  flags: Array<"underpaid" | "overpaid" | "paidLate" | "otherChain">;
  /** Decimal strings, like every amount. */
  amount: string;
  amountReceived: string;
  currency: "USDT";
  description: string | null;
  customerEmail: string | null;
  redirectUrl: string | null;
  metadata: Record<string, string>;
  /** The hosted checkout page: send the customer there. */
  checkoutUrl: string;
  /** One per chain offered: the chain's USDT `token` to send to `address` (the invoice's own). */
  addresses: Array<{ chain: string; chainId: number; token: string; address: string }>;
  expiresAt: string;
  createdAt: string;
}

export interface NewInvoice {
  /** Your order's id: the same orderId with the same details answers the same invoice. */
  orderId: string;
  /** USDT, a decimal string with at most 6 decimals. */
  amount: string;
  /** Chains the customer may pay on (Devnet, Eth …); all the ones you accept without it. */
  chains?: string[];
  /** 300 to 604800; 900 without it. */
  expiresInSeconds?: number;
  description?: string;
  customerEmail?: string;
  /** https: where the checkout page sends the customer back. */
  redirectUrl?: string;
  /** Up to 20 keys (letters, digits, _ . -, up to 40 characters), values up to 256 characters. */
  metadata?: Record<string, string>;
}

export interface SignedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** RFC 9530: the body's SHA-256, as a structured-field byte sequence. */
export const contentDigest = (body: string) => `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;

/** Signs a request: @method, @target-uri and (with a body) content-digest, with created, nonce, keyid and alg. */
export async function signRequest(
  request: SignedRequest,
  { appKey, appSecret }: Pick<OpenApiCredentials, "appKey" | "appSecret">,
): Promise<SignedRequest> {
  const headers: Record<string, string> = { ...request.headers };
  const fields = ["@method", "@target-uri"];
  if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-digest"] = contentDigest(request.body);
    fields.push("content-digest");
  }
  const signed = await httpbis.signMessage(
    {
      key: createSigner(Buffer.from(appSecret, "utf8"), "hmac-sha256", appKey),
      fields,
      params: ["created", "nonce", "keyid", "alg"],
      paramValues: { created: new Date(), nonce: randomUUID() },
    },
    { method: request.method, url: request.url, headers },
  );
  return { ...request, headers: signed.headers as Record<string, string> };
}

export function openApiClient(credentials: OpenApiCredentials) {
  const base = `${credentials.baseUrl.replace(/\/+$/, "")}/open/v1`;
  async function send<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Envelope<T>> {
    const request = await signRequest(
      {
        method,
        url: base + path,
        headers: { accept: "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      credentials,
    );
    const answer = await fetch(request.url, { method, headers: request.headers, body: request.body });
    return (await answer.json()) as Envelope<T>;
  }
  return {
    /** The end user's deposit address on a chain; the same one on every call (idempotent). */
    createDepositAddress: (input: { endUserId: string; chain: string }) =>
      send<DepositAddress>("POST", "/deposit-addresses", input),
    /** An address made before. */
    depositAddress: (endUserId: string, chain: string) =>
      send<DepositAddress>(
        "GET",
        `/deposit-addresses/${encodeURIComponent(endUserId)}?chain=${encodeURIComponent(chain)}`,
      ),
    balance: () => send<Balance>("GET", "/balance"),
    /** The application's bills, newest first, a page at a time. */
    listBills: (search: BillSearch = {}) => {
      const query = new URLSearchParams(
        Object.entries(search)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, String(value)]),
      ).toString();
      return send<BillPage>("GET", `/bills${query ? `?${query}` : ""}`);
    },
    /** One of the application's bills by its number. */
    bill: (billNo: string) => send<Bill>("GET", `/bills/${encodeURIComponent(billNo)}`),
    /**
     * A withdrawal from the balance to `to`. Keep the Idempotency-Key of each payment you mean (a random UUID by
     * default) and send it again on a retry: the same withdrawal answers, never a second payment.
     */
    createWithdrawal: (input: { chain: string; to: string; amount: string }, idempotencyKey: string = randomUUID()) =>
      send<Withdrawal>("POST", "/withdrawals", input, { "idempotency-key": idempotencyKey }),
    /** A withdrawal's status, fee and transaction. */
    withdrawal: (id: string) => send<Withdrawal>("GET", `/withdrawals/${encodeURIComponent(id)}`),
    /**
     * An invoice for one of your orders. Send the customer to its `checkoutUrl`, or show its addresses yourself. The same
     * Idempotency-Key (a random UUID by default) sent again on a retry answers the same invoice.
     */
    createInvoice: (input: NewInvoice, idempotencyKey: string = randomUUID()) =>
      send<Invoice>("POST", "/invoices", input, { "idempotency-key": idempotencyKey }),
    /** An invoice's status, flags and amount received. */
    invoice: (invoiceId: string) => send<Invoice>("GET", `/invoices/${encodeURIComponent(invoiceId)}`),
    /** Cancels an invoice while nothing was paid into it. */
    cancelInvoice: (invoiceId: string) => send<Invoice>("POST", `/invoices/${encodeURIComponent(invoiceId)}/cancel`),
  };
}
