/** No row is older than 1970 or younger than 9999: a search time outside is moved to that end (PostgreSQL has no year 0). */
const earliest = Date.UTC(1970, 0, 1);
const latest = Date.UTC(9999, 11, 31, 23, 59, 59);

/** A list filter's ISO time as a Date inside the range every timestamp column holds. */
export const searchTime = (iso: string) => new Date(Math.min(latest, Math.max(earliest, Date.parse(iso))));
