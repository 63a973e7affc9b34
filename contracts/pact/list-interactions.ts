import { MatchersV3 } from "@pact-foundation/pact";
import { expect } from "vitest";
import type { ExportTable } from "../exports/export-columns.ts";
import { exampleOf } from "./body-matchers.ts";
import { englishHeader } from "./export-header.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, type createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states as providerStates } from "./provider-states.ts";

const { regex, integer, eachLike } = MatchersV3;
const { email, token } = merchant;

type Pact = ReturnType<typeof createPact>;
type Api = ReturnType<typeof apiFor>;
type Given = Parameters<ReturnType<Pact["addInteraction"]>["given"]>;

/** What is the list's own in its interaction: the data it is given, the call and the body the console sends. */
interface ListInteraction {
  /** The provider states after the merchant's sign-in (`signedIn`, always first). */
  given: ReadonlyArray<Readonly<Given>>;
  description: string;
  /** The endpoint row called (contracts/endpoints/<area>.ts), for its path. */
  endpoint: { path: string };
  /** The body as the provider is to receive it (matchers allowed). */
  body: Record<string, unknown>;
}

const interaction = (pact: Pact, { given, description, endpoint, body }: ListInteraction) =>
  given
    .reduce(
      (built, state) => built.given(...state),
      pact.addInteraction().given(providerStates.signedIn, { email, token }),
    )
    .uponReceiving(description)
    .withRequest("POST", endpoint.path, (b) => b.headers(authHeaders(token)).jsonBody(body));

/**
 * A list's page through the console's client (`call`): the only row (`row`, its matchers) on a first page that is
 * also the last, its total counted in full.
 */
export function listPageInteraction(
  pact: Pact,
  list: ListInteraction & { row: Record<string, unknown>; call: (api: Api) => Promise<unknown> },
) {
  const listed = {
    items: eachLike(list.row),
    pageSize: integer(10),
    nextCursor: null,
    previousCursor: null,
    total: integer(1),
    totalCapped: false,
  };
  return interaction(pact, list)
    .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(listed)))
    .executeTest(async (mock) => {
      await expect(list.call(apiFor(mock, token))).resolves.toEqual(exampleOf(listed));
    });
}

/**
 * A list's CSV file through the console's client (`call`), of filters that select nothing: its header alone, in
 * English (the language the client asks in). The verifier checks the request, the status and the content type of a
 * file body, not its bytes; the columns and values are proven against the list by the area's server route test.
 */
export function listFileInteraction(
  pact: Pact,
  list: ListInteraction & { table: ExportTable<never>; call: (api: Api) => Promise<{ blob: Blob }> },
) {
  const header = englishHeader(list.table);
  return interaction(pact, list)
    .willRespondWith(200, (b) =>
      b
        .headers({ "Content-Type": regex("^text/csv(;.*)?$", "text/csv; charset=utf-8") })
        .body("text/plain", header.bytes),
    )
    .executeTest(async (mock) => {
      const file = await list.call(apiFor(mock, token));
      expect(await file.blob.text()).toBe(header.text);
    });
}
