import { MatchersV3, Pact, type V3MockServer } from "@pact-foundation/pact";
import type { ApiReporter } from "../../src/api/client.ts";
import { makeApi } from "../../src/api/make-api.ts";
import { consumerName, pactDir, providerName } from "./pact-names.ts";

/** One mock provider per test file; the pact file is merged per consumer/provider pair. */
export const createPact = () =>
  new Pact({ consumer: consumerName, provider: providerName, dir: pactDir, logLevel: "warn" });

/** The real console client, pointed at the Pact mock server. */
export const apiFor = (mock: V3MockServer, token: string | null = null, reporter?: ApiReporter) =>
  makeApi({ baseUrl: mock.url, getToken: () => token, getLocale: () => "en-US", ...(reporter ? { reporter } : {}) });

const { regex, like } = MatchersV3;

/** Headers every call carries (spec section 7). */
export const jsonHeaders = {
  "Content-Type": "application/json",
  Language: regex("^[a-z]{2}-[A-Z]{2}$", "en-US"),
};

/** Headers of a call made with a stored token. */
export const authHeaders = (token: string) => ({
  ...jsonHeaders,
  Authorization: regex("^Bearer [A-Za-z0-9._~+/=-]+$", `Bearer ${token}`),
});

export const responseHeaders = { "Content-Type": regex("^application/json(;.*)?$", "application/json; charset=utf-8") };

/**
 * A success envelope. `success` and `errCode` are the outcome, so they are pinned by value.
 * `resData` must be present (the client's envelope schema requires the key); calls whose
 * result the console ignores pin it to null.
 */
export const ok = (resData: unknown = null) => ({ success: true, errCode: "0", errMsg: like(""), resData });

/** A failure envelope: the errCode is the contract, the message text is not. */
export const failure = (errCode: string, errMsg: string) => ({
  success: false,
  errCode,
  errMsg: like(errMsg),
  resData: null,
});
