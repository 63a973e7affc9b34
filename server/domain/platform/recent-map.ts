import { LRUCache } from "lru-cache";

/**
 * A map of at most `entries` values for what a process remembers only to save work: past the bound, the value least
 * recently set or read goes. Bounded by count through `maxSize` (each value counts one) rather than `max`, which would
 * allocate room for every entry at once (2.7 MB for 100,000, in each app a test builds) where a map grows as it is used.
 */
export function recentMap<K extends {}, V extends {}>(entries: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: entries, sizeCalculation: () => 1 });
}
