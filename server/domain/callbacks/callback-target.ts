import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { forbiddenAddress } from "./forbidden-address.ts";

/** Every address a host name resolves to (all of them: one forbidden address among public ones is enough to refuse). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

/**
 * Where callbacks may go. `allowPrivate` is for test servers (their receivers listen on loopback) and is never true in
 * production (server/app.ts); `resolve` is injectable so tests can make a name resolve anywhere.
 */
export interface CallbackTargets {
  allowPrivate: boolean;
  resolve: HostResolver;
}

export type TargetCheck =
  /** The URL and the addresses it was checked at: a request must connect to one of these, never resolve again. */
  | { ok: true; url: URL; addresses: string[] }
  | { ok: false; reason: "scheme" | "credentials" | "unresolved" | "forbidden"; detail: string };

/** The host of a URL as a resolver or an address parser takes it: an IPv6 literal without its brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** http(s) only; the host resolved (an IP literal taken as is) and refused if any of its addresses is forbidden. */
export async function checkCallbackUrl(text: string, targets: CallbackTargets): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: "scheme", detail: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: "scheme", detail: `${url.protocol} is not http(s)` };
  // Never sent as Basic auth: a receiver authenticates a callback by its Standard Webhooks signature.
  if (url.username !== "" || url.password !== "")
    return { ok: false, reason: "credentials", detail: "the URL holds a user name or password: remove them" };
  const host = bareHost(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await targets.resolve(host);
  } catch (error) {
    return { ok: false, reason: "unresolved", detail: (error as { code?: string }).code ?? "lookup failed" };
  }
  if (addresses.length === 0) return { ok: false, reason: "unresolved", detail: "no address" };
  const forbidden = addresses.find(forbiddenAddress);
  if (forbidden !== undefined && !targets.allowPrivate)
    return { ok: false, reason: "forbidden", detail: `${host} resolves to ${forbidden}` };
  return { ok: true, url, addresses };
}

/** The URL as it may be recorded and shown: any user name and password left out (a URL stored before they were refused). */
export function withoutCredentials(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (url.username === "" && url.password === "") return text;
  url.username = "";
  url.password = "";
  return url.href;
}
