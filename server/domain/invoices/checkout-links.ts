const addedParams = ["invoiceId", "status"];

/**
 * The merchant's redirect URL with the invoice's id and status in its query. The merchant's own parameters are kept as
 * they were written (a URLSearchParams round trip would re-encode them); earlier `invoiceId` or `status` ones are
 * replaced, so the shop reads one of each.
 */
export function returnUrlOf(redirectUrl: string, invoiceId: string, status: string): string {
  const url = new URL(redirectUrl);
  const named = (part: string) => {
    const name = part.split("=", 1)[0]!;
    try {
      return decodeURIComponent(name.replaceAll("+", " "));
    } catch {
      return name;
    }
  };
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((part) => part !== "" && !addedParams.includes(named(part)));
  const ours = new URLSearchParams({ invoiceId, status }).toString();
  url.search = `?${[...kept, ours].join("&")}`;
  return url.href;
}
