import {
  checkoutEventName,
  checkoutEventsPath,
  checkoutView,
  checkoutViewPath,
} from "../../contracts/schemas/checkout.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { CheckoutAnswer, CheckoutPageEvent } from "../../machines/checkout/checkout-page.ts";

/**
 * The checkout page's two calls, on the browser's own fetch and EventSource: the console's HTTP client (ky, its error
 * policy and toasts) would weigh more than the page's whole budget allows for it.
 */

const query = (invoiceId: string) => `?invoiceId=${encodeURIComponent(invoiceId)}`;

/** The API's envelope around the view (contracts/schemas/envelope.ts); the stream's events carry the bare view. */
interface Answer {
  success?: boolean;
  errCode?: string;
  resData?: unknown;
}

/** The first read: the view, or no such invoice; any other answer (or none) is a failure the customer may retry. */
export async function loadCheckoutView(invoiceId: string): Promise<CheckoutAnswer> {
  const answer = await fetch(`${checkoutViewPath}${query(invoiceId)}`, { headers: { accept: "application/json" } });
  // A malformed id is refused as bad input (400): no invoice can have it.
  if (answer.status === 400) return { found: false };
  if (!answer.ok) throw new Error(`checkout view: HTTP ${answer.status}`);
  const body = (await answer.json()) as Answer;
  if (!body.success) {
    if (body.errCode === errCodes.checkoutNotFound) return { found: false };
    throw new Error(`checkout view: errCode ${body.errCode}`);
  }
  return { found: true, view: checkoutView.parse(body.resData), at: Date.now() };
}

/** The live stream, told to the page's machine; answers how to close it. */
export function watchCheckout(invoiceId: string, send: (event: CheckoutPageEvent) => void): () => void {
  const source = new EventSource(`${checkoutEventsPath}${query(invoiceId)}`);
  source.addEventListener("open", () => send({ type: "stream.open" }));
  source.addEventListener(checkoutEventName, (event) => {
    const parsed = checkoutView.safeParse(JSON.parse((event as MessageEvent<string>).data));
    if (parsed.success) send({ type: "checkout.view", view: parsed.data, at: Date.now() });
  });
  source.addEventListener("error", () => {
    // CLOSED: the browser gave up (an answer that is no event stream); otherwise it is reconnecting by itself.
    send({ type: source.readyState === EventSource.CLOSED ? "stream.closed" : "stream.lost" });
  });
  return () => source.close();
}
