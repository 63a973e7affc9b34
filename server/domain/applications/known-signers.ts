import { recentMap } from "../platform/recent-map.ts";
import type { SignerRow } from "./open-api-caller.ts";

/** As many applications as a server is likely to hear from; past it the one least recently heard from is read again. */
export const knownSignersBound = 10_000;

/**
 * The application rows whose secrets last verified a signed call in this process, by AppKey: the next call of the same
 * application is verified with them and admitted by one statement that checks the row is still the same
 * (`admitKnownSignedCall`), so a rotation or a stop is still seen at once, on every instance.
 */
export interface KnownSigners {
  get(appKey: string): SignerRow | undefined;
  remember(appKey: string, row: SignerRow): void;
  forget(appKey: string): void;
}

export function createKnownSigners(): KnownSigners {
  const rows = recentMap<string, SignerRow>(knownSignersBound);
  return {
    get: (appKey) => rows.get(appKey),
    remember: (appKey, row) => void rows.set(appKey, row),
    forget: (appKey) => void rows.delete(appKey),
  };
}
