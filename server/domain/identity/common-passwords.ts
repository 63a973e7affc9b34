import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * ASVS 6.2.4: refuse the passwords attackers try first. The list is zxcvbn-ts's common-password
 * dictionary (about 49,000 entries from breach corpora), compared case-insensitively, so that
 * "Password123" counts as "password123" although it passes the composition rules.
 */
// Built when the server loads (about 30 ms), not inside the first registration's request.
const common = new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.normalize("NFC").toLowerCase());
}
