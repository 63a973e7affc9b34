/**
 * A small seeded pseudo-random source (mulberry32): the same seed gives the same numbers on every machine, so a
 * chaos scenario is replayed from its seed alone.
 */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A bigint in [min, max]. */
  big(min: bigint, max: bigint): bigint;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    big(min, max) {
      const span = max - min + 1n;
      // Four 32-bit draws: enough for any span these scenarios use (well under 2^128).
      let value = 0n;
      for (let i = 0; i < 4; i++) value = (value << 32n) | BigInt(Math.floor(next() * 4_294_967_296));
      return min + (value % span);
    },
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from nothing");
      return items[int(0, items.length - 1)]!;
    },
    chance: (p) => next() < p,
  };
}
