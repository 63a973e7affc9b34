import { useEffect, useState } from "react";
import {
  type CheckoutView,
  checkoutEventName,
  checkoutEventsPath,
  checkoutView,
  checkoutViewPath,
} from "../../contracts/schemas/checkout.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { invoiceIdField } from "../../contracts/schemas/open-api-invoices.ts";

export type CheckoutState =
  | { kind: "loading" }
  | { kind: "notFound" }
  | { kind: "failed" }
  | {
      kind: "shown";
      view: CheckoutView;
      /** The server's clock minus this device's, as of the last answer: the countdown runs on the server's. */
      clockOffsetMs: number;
      /** False from a dropped stream until it is open again (EventSource reconnects by itself). */
      connected: boolean;
    };

/** A stream the server closed for good (an answer that is no event stream) is opened again after this. */
const reopenAfterMs = 5_000;

const query = (invoiceId: string) => `?invoiceId=${encodeURIComponent(invoiceId)}`;

const shownFrom = (view: CheckoutView, connected: boolean): CheckoutState => ({
  kind: "shown",
  view,
  clockOffsetMs: Date.parse(view.serverTime) - Date.now(),
  connected,
});

/** The API's envelope around the view (contracts/schemas/envelope.ts); the stream's events carry the bare view. */
interface Answer {
  success?: boolean;
  errCode?: string;
  resData?: unknown;
}

async function firstView(invoiceId: string, signal: AbortSignal): Promise<CheckoutState> {
  try {
    const answer = await fetch(`${checkoutViewPath}${query(invoiceId)}`, {
      headers: { accept: "application/json" },
      signal,
    });
    // A malformed id is refused as bad input (400): no invoice can have it.
    if (answer.status === 400) return { kind: "notFound" };
    if (!answer.ok) return { kind: "failed" };
    const body = (await answer.json()) as Answer;
    if (!body.success) return { kind: body.errCode === errCodes.checkoutNotFound ? "notFound" : "failed" };
    const parsed = checkoutView.safeParse(body.resData);
    return parsed.success ? shownFrom(parsed.data, true) : { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}

/**
 * The invoice's view: read once, then kept live by the server's event stream (each event the whole view), never
 * polled. A failed first read is tried again by mounting the hook anew.
 */
export function useCheckoutView(invoiceId: string): CheckoutState {
  const valid = invoiceIdField.safeParse(invoiceId).success;
  const [state, setState] = useState<CheckoutState>(valid ? { kind: "loading" } : { kind: "notFound" });

  useEffect(() => {
    if (!valid) return;
    const aborted = new AbortController();
    let stream: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const setConnected = (connected: boolean) =>
      setState((current) => (current.kind === "shown" ? { ...current, connected } : current));

    const open = () => {
      const source = new EventSource(`${checkoutEventsPath}${query(invoiceId)}`);
      stream = source;
      source.addEventListener("open", () => setConnected(true));
      source.addEventListener(checkoutEventName, (event) => {
        const parsed = checkoutView.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success) setState(shownFrom(parsed.data, true));
      });
      source.addEventListener("error", () => {
        setConnected(false);
        if (source.readyState !== EventSource.CLOSED) return;
        source.close();
        reopen = setTimeout(open, reopenAfterMs);
      });
    };

    setState({ kind: "loading" });
    void firstView(invoiceId, aborted.signal).then((first) => {
      if (aborted.signal.aborted) return;
      setState(first);
      if (first.kind === "shown") open();
    });
    return () => {
      aborted.abort();
      clearTimeout(reopen);
      stream?.close();
    };
  }, [invoiceId, valid]);

  return state;
}
