import type { FastifyInstance } from "fastify";
import type * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { LiveStreamName, MerchantStreamName } from "../domain/platform/live-changes.ts";
import type { NotifyRelay } from "../domain/platform/notify-relay.ts";
import { ApiError, type Outcome } from "../domain/platform/outcome.ts";
import { type LiveEventsOptions, liveStreamsPerInvoice, openStreams, serveStream } from "./live-stream.ts";
import { parseRequest } from "./validation.ts";

/**
 * A public live stream: one row followed by its unguessable public id, no session (the hosted checkout page's
 * invoice). Its notifications are keyed by that id alone (live-changes.ts), the number open per id on this instance
 * is bounded, and it sends its first read at once, then a re-read after every change.
 */
export interface PublicStreamSpec<Q, T> {
  path: string;
  query: z.ZodMiniType<Q>;
  stream: Exclude<LiveStreamName, MerchantStreamName>;
  what: string;
  /** The public id the stream follows: its notifications' owner and row alike. */
  keyOf(query: Q): string;
  /** The row at once, or a refusal answered as an envelope before any stream starts. */
  first(query: Q): Promise<Outcome<T[]>>;
  read(query: Q): Promise<T[] | "end">;
}

/** Its route: no session; the query checked, the cap per id, then the stream as every live stream's (live-stream.ts). */
export function registerPublicLiveStream<Q, T>(
  app: FastifyInstance,
  relay: NotifyRelay,
  spec: PublicStreamSpec<Q, T>,
  options: LiveEventsOptions,
): void {
  const perKey = options.streamsPerInvoice ?? liveStreamsPerInvoice;
  const streams = openStreams(app);
  app.get(spec.path, { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const query = parseRequest(spec.query, { ...(request.query as object) });
    const key = spec.keyOf(query);
    if (relay.subscriptionsOf(spec.stream, key) >= perKey) {
      throw new ApiError(
        errCodes.rateLimited,
        `At most ${perKey} live ${spec.what} streams of one id at a time; close one or try again later`,
        429,
      );
    }
    return serveStream(request, reply, relay, streams, options, {
      stream: spec.stream,
      owner: key,
      followed: key,
      first: () => spec.first(query),
      read: () => spec.read(query),
    });
  });
}
