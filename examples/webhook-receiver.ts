import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Webhook, WebhookVerificationError } from "standardwebhooks";

/**
 * A receiver of Merchant Console callbacks, for a merchant's own system: the maintained `standardwebhooks` library
 * verifies each request (Standard Webhooks 1.0: `webhook-id`, `webhook-timestamp`, `webhook-signature`) over the raw
 * body's bytes, before anything is parsed or believed.
 *
 *   const receiver = webhookReceiver({ webhookSecret: "whsec_…", onEvent: async (event) => creditCustomer(event) });
 *   createServer(receiver).listen(3000);
 *
 * Answer 2xx only once the event is handled: anything else (or no answer within 10 s) is retried, with the same
 * `webhook-id`, for up to three days. Retries and manual redeliveries repeat an event: `onEvent` sees each id once here
 * (a Set in memory, enough for an example); a real system records the id in the same transaction as what it does with
 * the event (a unique key), so a repeat after a restart changes nothing either.
 */

/** A verified callback's body (the OpenAPI document's `webhooks` describe every field). */
export interface CallbackEvent {
  /** The same as the `webhook-id` header: one per event, whatever the attempt. */
  id: string;
  type:
    | "deposit.credited"
    | "deposit.reversed"
    | "invoice.processing"
    | "invoice.paid"
    | "invoice.expired"
    | "invoice.cancelled"
    | "callback.test";
  /** When the event happened (ISO 8601). */
  timestamp: string;
  /**
   * The application bill for deposit events, the invoice (`invoiceId`, `orderId`, `status`, `flags`, `amount`,
   * `amountReceived`, `excess`) for invoice events; amounts are decimal strings: keep them strings or decimals.
   */
  data: Record<string, unknown>;
}

export interface WebhookReceiverOptions {
  /** The application's webhook secret (`whsec_…`), from My applications → credentials. */
  webhookSecret: string;
  onEvent(event: CallbackEvent): Promise<void>;
  /** The largest body accepted (callbacks are a few kB). */
  maxBodyBytes?: number;
}

export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export function webhookReceiver({
  webhookSecret,
  onEvent,
  maxBodyBytes = 65_536,
}: WebhookReceiverOptions): RequestListener {
  const webhook = new Webhook(webhookSecret);
  const handled = new Set<string>();
  return (request, response) => {
    const answer = (status: number, text = "") => {
      response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
      response.end(text);
    };
    if (request.method !== "POST") return answer(405, "POST only");
    readBody(request, maxBodyBytes)
      .then(
        async (body) => {
          let event: CallbackEvent;
          try {
            // Throws unless one of the signatures matches and the timestamp is within five minutes.
            event = webhook.verify(body, headersOf(request)) as CallbackEvent;
          } catch (error) {
            if (error instanceof WebhookVerificationError) return answer(401, "signature not verified");
            throw error;
          }
          // The body's id is the one signed in `webhook-id`: de-duplicating on it is then safe.
          if (event.id !== request.headers["webhook-id"]) return answer(400, "the body's id is not the webhook-id");
          if (handled.has(event.id)) return answer(200, "already handled");
          await onEvent(event);
          handled.add(event.id);
          answer(200, "ok");
        },
        (error: Error) => answer(413, error.message),
      )
      .catch(() => answer(500, "not handled: send it again"));
  };
}

/** A small server around the receiver (the test and `node examples/webhook-receiver.ts` use it). */
export function startWebhookReceiver(options: WebhookReceiverOptions, port = 0, host = "127.0.0.1"): Promise<Server> {
  const server = createServer(webhookReceiver(options));
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const pick = (name: string) => String(request.headers[name] ?? "");
  return {
    "webhook-id": pick("webhook-id"),
    "webhook-timestamp": pick("webhook-timestamp"),
    "webhook-signature": pick("webhook-signature"),
  };
}

function readBody(request: IncomingMessage, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        reject(new Error("body too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

// `WEBHOOK_SECRET=whsec_… PORT=3000 node examples/webhook-receiver.ts` prints each verified event.
if (import.meta.main) {
  const webhookSecret = process.env.WEBHOOK_SECRET ?? "";
  if (!webhookSecret.startsWith("whsec_")) {
    process.stderr.write("Set WEBHOOK_SECRET to the application's webhook secret (whsec_…)\n");
    process.exit(1);
  }
  const server = await startWebhookReceiver(
    { webhookSecret, onEvent: async (event) => void process.stdout.write(`${JSON.stringify(event)}\n`) },
    Number(process.env.PORT ?? 3000),
    process.env.HOST ?? "127.0.0.1",
  );
  process.stdout.write(`Receiving callbacks on ${JSON.stringify(server.address())}\n`);
}
