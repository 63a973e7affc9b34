/** One goal of the bench: our figure against a reference times a ratio (a byte budget is a reference too). */
export interface Goal {
  network: string;
  goal: string;
  ours: number | null;
  target: number | null;
  /** Ours over the reference, rounded to two places for the table. */
  ratio: number | null;
  goalRatio: number;
  /** Decided on the exact figures: a rounded ratio would call 172,177 B within a 170,000 B budget. */
  met: boolean | null;
}

export function goal(
  network: string,
  name: string,
  value: number | null,
  reference: number | null,
  goalRatio: number,
): Goal {
  const known = value !== null && reference !== null && reference > 0;
  return {
    network,
    goal: name,
    ours: value,
    target: reference === null ? null : reference * goalRatio,
    ratio: known ? Math.round((value / reference) * 100) / 100 : null,
    goalRatio,
    met: known ? value <= reference * goalRatio : null,
  };
}
