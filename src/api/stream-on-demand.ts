import { ApiError } from "./api-error.ts";

/**
 * A stream follower whose code comes with the first stream followed: the sign-in page never loads it (this file stays
 * small for that). A stream that cannot load is a failure like any other: the caller polls instead.
 */
export function streamOnDemand<A extends unknown[], H extends { onError(error: ApiError): void }>(
  load: () => Promise<(...args: [...A, H]) => () => void>,
): (...args: [...A, H]) => () => void {
  return (...args) => {
    const handlers = args.at(-1) as H;
    let stopped = false;
    let stop: (() => void) | null = null;
    load().then(
      (follow) => {
        if (!stopped) stop = follow(...args);
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
}
