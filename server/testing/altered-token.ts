/**
 * A sealed token (`v1.<iv>.<tag>.<data>`, base64url parts) with one byte of its last part changed. The first character
 * of that part always carries six bits of data; a token's last characters may carry only padding bits, so changing them
 * can leave the decoded bytes as they were and the token still valid.
 */
export function alteredToken(token: string): string {
  const at = token.lastIndexOf(".") + 1;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}
