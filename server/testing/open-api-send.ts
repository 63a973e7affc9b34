import type { OpenApiCredentials } from "../../examples/open-api-client.ts";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import type { Harness } from "./harness.ts";

/** The host the open API's test calls are signed for. */
export const openApiHost = "pay.example";

/**
 * An open API call signed by the example client's signer (RFC 9421, keyid = the AppKey) for `scheme`://pay.example,
 * injected into the test server. With https, the call comes as through the trusted proxy in front of the server, which
 * says the client used https.
 */
export async function sendSigned(
  h: Harness,
  app: Pick<OpenApiCredentials, "appKey" | "appSecret">,
  call: {
    method: "GET" | "POST";
    path: string;
    body?: object;
    headers?: Record<string, string>;
    scheme?: "http" | "https";
  },
) {
  const { method, path, body, headers = {}, scheme = "http" } = call;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const request = await signRequest(
    {
      method,
      url: `${scheme}://${openApiHost}${openApiPrefix}${path}`,
      headers: { host: openApiHost, ...headers },
      body: text,
    },
    app,
  );
  const response = await h.app.inject({
    method,
    url: `${openApiPrefix}${path}`,
    headers: scheme === "https" ? { ...request.headers, "x-forwarded-proto": "https" } : request.headers,
    ...(text === undefined ? {} : { payload: text }),
  });
  return { status: response.statusCode, ...response.json() };
}
