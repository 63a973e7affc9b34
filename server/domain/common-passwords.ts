import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * ASVS 6.2.4: refuse the passwords attackers try first. The list is zxcvbn-ts's common-password
 * dictionary (about 49,000 entries from breach corpora), compared case-insensitively, so that
 * "Password123" counts as "password123" although it passes the composition rules.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.normalize("NFC").toLowerCase());
}
