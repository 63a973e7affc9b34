import { ApiError } from "./api-error.ts";
import type { ClientOptions } from "./client.ts";
import type { WatchOrder } from "./order-events.ts";

/**
 * `watchOrder` whose code comes with the first order followed (only the pay dialog follows one): the sign-in page
 * never loads it. A stream that cannot load is a failure like any other: the caller polls instead.
 */
export function orderEventsOnDemand(options: ClientOptions): { watchOrder: WatchOrder } {
  const watchOrder: WatchOrder = (orderCode, handlers) => {
    let stopped = false;
    let stop: (() => void) | null = null;
    import("./order-events.ts").then(
      ({ orderEventsApi }) => {
        if (!stopped) stop = orderEventsApi(options).watchOrder(orderCode, handlers);
      },
      (error: unknown) => {
        if (!stopped)
          handlers.onError(
            new ApiError(
              "transport",
              "network",
              error instanceof Error && error.message ? error.message : "Request Error",
            ),
          );
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  };
  return { watchOrder };
}
