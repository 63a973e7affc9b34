import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import {
  type DownloadEndpointName,
  type Endpoint,
  type EndpointName,
  type HandledEndpointName,
  endpoints,
} from "../../contracts/endpoints.ts";
import type { ExportTable } from "../../contracts/exports/export-columns.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { findSession } from "../domain/identity/sessions.ts";
import { takeMerchantCall } from "../domain/identity/merchant-calls.ts";
import { ApiError, messages, type Outcome } from "../domain/platform/outcome.ts";
import { clientAddress } from "./client-address.ts";
import { originOf } from "./open-api-routes.ts";
import { failure, success } from "./envelope.ts";
import type { CookieOptions } from "../domain/identity/device-cookie.ts";
import type { Session } from "../domain/identity/sessions.ts";
import { exportTables } from "../../contracts/exports/export-tables.ts";
import { sendCsv } from "./csv-file.ts";
import { labelled } from "./export-file.ts";
import type { CsvDownload } from "../domain/platform/csv-download.ts";
import type { HandlerContext, HandlerTable, Services } from "./handler.ts";
import { parseRequest } from "./validation.ts";

interface LooseHandler {
  params?: z.ZodMiniType<Record<string, string>>;
  handle(ctx: HandlerContext<HandledEndpointName>): Promise<Outcome<unknown>>;
}

/** A POST that declares no body takes none, or `{}`. */
const noFields = z.strictObject({});

/** Registers one route per entry of the endpoint table, each answering the envelope (a download: its CSV file). */
export function registerEndpoints(app: FastifyInstance, handlers: HandlerTable, services: Services): void {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint: Endpoint = endpoints[name];
    if (endpoint.stream) continue; // its own route: live-streams.ts
    const handler = handlers[name as HandledEndpointName] as unknown as LooseHandler;
    const route = toRoute(endpoint.path);
    app.route({
      method: endpoint.method,
      url: route.url,
      handler: async (request, reply) => {
        const now = services.clock();
        const rawParams = route.extract(request.params as Record<string, string>);
        if (!rawParams) return reply.status(404).send(failure(errCodes.notFound, messages.notFound));
        const sessionOfRequest = async () => {
          const found = await findSession(services.db, request.headers.authorization, now, {
            idleSeconds: services.limits.sessionIdleSeconds,
            absoluteSeconds: services.limits.sessionAbsoluteSeconds,
          });
          if (!found) throw new ApiError(errCodes.notLoggedIn, messages.notLoggedIn, 401);
          return found;
        };
        let session: Session | null = null;
        if (endpoint.auth) {
          session = await sessionOfRequest();
          await takeMerchantCall(services.db, session.scope, callSource(request, now), services);
        }
        const params = handler.params ? parseRequest(handler.params, rawParams) : rawParams;
        const query = endpoint.query ? parseRequest(endpoint.query, { ...(request.query as object) }) : undefined;
        const body =
          endpoint.method === "POST"
            ? parseRequest(endpoint.body ?? noFields, request.body === undefined ? {} : request.body)
            : undefined;
        const ctx = {
          db: services.db,
          body,
          query,
          params,
          session,
          sessionIfSignedIn: async () =>
            session ?? (request.headers.authorization === undefined ? null : await sessionOfRequest()),
          ...callSource(request, now),
          services,
          log: request.log,
          secure: request.protocol === "https",
          origin: originOf(request),
          cookie: (cookieName: string) => request.cookies[cookieName],
          setCookie: (cookieName: string, value: string, options: CookieOptions) =>
            reply.setCookie(cookieName, value, {
              path: options.path,
              maxAge: options.maxAgeSeconds,
              httpOnly: options.httpOnly,
              sameSite: options.sameSite,
              secure: options.secure,
            }),
        };
        const outcome = await handler.handle(ctx as HandlerContext<HandledEndpointName>);
        if (!outcome.ok)
          return reply.status(outcome.status).send(failure(outcome.code, outcome.message, outcome.detail));
        if (endpoint.download) {
          // The file as its list reads, in the language the console asks in (contracts/exports).
          const table = exportTables[name as DownloadEndpointName] as ExportTable<unknown>;
          const file = labelled(table, outcome.data as CsvDownload<unknown>, request.headers.language);
          return sendCsv(reply, file.columns, file.download, file.headers);
        }
        return reply.status(200).send(success(outcome.data));
      },
    });
  }
}

/** Where a call comes from, for the security event log. */
export const callSource = (request: FastifyRequest, now: Date) => ({
  ip: clientAddress(request),
  userAgent: request.headers["user-agent"] ?? "",
  now,
});

interface Route {
  url: string;
  /** The `{name}` values, or null when a glued suffix such as "Client" is missing. */
  extract(params: Record<string, string>): Record<string, string> | null;
}

/**
 * `{product}Client` glues a parameter to text, which the router cannot express: the route takes
 * the whole segment as `:productClient` and the suffix is checked and cut off here.
 */
export function toRoute(path: string): Route {
  const glued: Array<{ name: string; routeName: string; suffix: string }> = [];
  const url = path.replace(/\{(\w+)\}(\w*)/g, (_, name: string, suffix: string) => {
    glued.push({ name, routeName: `${name}${suffix}`, suffix });
    return `:${name}${suffix}`;
  });
  return {
    url,
    extract(params) {
      const out: Record<string, string> = {};
      for (const { name, routeName, suffix } of glued) {
        const value = params[routeName] ?? "";
        if (value.length <= suffix.length || !value.toLowerCase().endsWith(suffix.toLowerCase())) return null;
        out[name] = value.slice(0, value.length - suffix.length);
      }
      return out;
    },
  };
}
