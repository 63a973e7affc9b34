/**
 * The order of the series in one run of an alternating comparison: rotated by one each run, so that neither page
 * always loads first. Load by load the browser still carries what the previous load left running (its renderer
 * exiting, caches being written), and a fixed order would give that cost to the same page every time.
 */
export function loadOrder<T>(series: readonly T[], run: number): T[] {
  if (series.length === 0) return [];
  const shift = ((run % series.length) + series.length) % series.length;
  return [...series.slice(shift), ...series.slice(0, shift)];
}
