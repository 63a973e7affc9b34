/**
 * Why a callback URL's host is a name no receiver can have, or null: the names RFC 2606 and RFC 6761 keep out of the
 * DNS. `.invalid` resolves nowhere, ever (the demo shop's `demo.invalid`): on any server. Where private targets are
 * refused (production), also `.test`, `.example`, `example.com`, `example.net`, `example.org` and `localhost`: no
 * merchant's receiver is there, only a test machine's or the server's own. A test server's receivers listen at such
 * names on loopback, so there they are tried. Matched on the URL's host as `new URL` gives it (lower case, no port).
 */
export function reservedHostReason(hostname: string, allowPrivate: boolean): string | null {
  const name = hostname.replace(/\.$/, "");
  const within = (zone: string) => name === zone || name.endsWith(`.${zone}`);
  if (within("invalid")) return `${name} is a reserved name that never resolves (RFC 6761)`;
  if (allowPrivate) return null;
  if (within("localhost")) return `${name} is this server's own name (RFC 6761)`;
  for (const zone of ["test", "example", "example.com", "example.net", "example.org"])
    if (within(zone)) return `${name} is a reserved name for tests and documentation (RFC 2606)`;
  return null;
}
