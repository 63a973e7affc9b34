import type { Kysely } from "kysely";
import type { DownloadEndpointName, EnvelopeEndpointName, ResultOf } from "../../contracts/endpoints.ts";
import type { CurrencyRegistry } from "../chain/currency-registry.ts";
import type { DB } from "../db/schema.ts";
import type { Session } from "../domain/identity/sessions.ts";
import type { CsvDownload } from "../domain/platform/csv-download.ts";
import { namedForFilters } from "../domain/platform/export-file-name.ts";
import type { MerchantScope } from "../domain/platform/merchant-scope.ts";
import { ok, type Outcome } from "../domain/platform/outcome.ts";
import type { DownloadHandler, Handler, HandlerContext } from "../http/handler.ts";

/** What a list's use cases take besides the merchant's search: the currencies its rows name, the paging's secret, the time. */
export interface ListDeps {
  currencies: CurrencyRegistry;
  secret: Buffer;
  /** The console's origin, as the request came (links it hands out, such as an invoice's checkout page, are under it). */
  origin: string;
  now: Date;
}

/** A list's two use cases (server/domain, on keyset-page.ts and wire-file.ts): a page of it, and its whole file. */
export interface ListUseCases<P extends EnvelopeEndpointName, F extends DownloadEndpointName> {
  // Properties, not methods: a use case that needs more than ListDeps fails the typecheck (methods' parameters are
  // bivariant, so one asking for a field ListDeps lacks would be taken and read undefined at run time).
  pages: (
    db: Kysely<DB>,
    scope: MerchantScope,
    search: HandlerContext<P>["body"],
    deps: ListDeps,
  ) => Promise<Outcome<ResultOf<P>>>;
  file: (
    db: Kysely<DB>,
    scope: MerchantScope,
    filters: HandlerContext<F>["body"],
    deps: ListDeps,
  ) => Outcome<CsvDownload<ResultOf<F>>> | Promise<Outcome<CsvDownload<ResultOf<F>>>>;
}

const scopeOf = (session: Session | null): MerchantScope => {
  // A list's endpoints are signed in (`auth: true`): the handler is not reached without a session.
  if (!session) throw new Error("a list is the signed-in merchant's");
  return session.scope;
};

const depsOf = ({
  services,
  now,
  origin,
}: Pick<HandlerContext<EnvelopeEndpointName>, "services" | "now" | "origin">): ListDeps => ({
  currencies: services.currencies,
  secret: services.secret,
  origin,
  now,
});

/** The handlers of a list's two endpoint rows (contracts/list-endpoints.ts), from its two use cases. */
export function listHandlers<P extends EnvelopeEndpointName, F extends DownloadEndpointName>(
  names: { pages: P; file: F },
  useCases: ListUseCases<P, F>,
): Record<P, Handler<P>> & Record<F, DownloadHandler<F>> {
  const pages: Handler<P> = {
    handle: (ctx) => useCases.pages(ctx.db, scopeOf(ctx.session), ctx.body, depsOf(ctx)),
  };
  const file: DownloadHandler<F> = {
    handle: async (ctx) => {
      const outcome = await useCases.file(ctx.db, scopeOf(ctx.session), ctx.body, depsOf(ctx));
      return outcome.ok ? ok({ ...outcome.data, fileName: namedForFilters(outcome.data.fileName, ctx.body) }) : outcome;
    },
  };
  return { [names.pages]: pages, [names.file]: file } as Record<P, Handler<P>> & Record<F, DownloadHandler<F>>;
}
