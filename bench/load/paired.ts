/**
 * The ratios of an alternating comparison taken round by round: each round loads both pages back to back, so a slow
 * spell of the machine (another process, a busy disk) falls on both, and the median of the rounds' own ratios sways
 * less than a ratio of the two series' medians. Printed beside the goals, which stay on the medians the issue names.
 */
import type { LoadFigures } from "./cold-load.ts";
import { median } from "./summary.ts";

export interface PairedRatios {
  rounds: number;
  firstPaint: number | null;
  formVisible: number | null;
  /** Our interactive over the other's form visible: the goal's comparison. */
  interactiveToFormVisible: number | null;
  /** Our interactive over the other's interactive: a keystroke reaching the state on both pages. */
  interactiveToInteractive: number | null;
}

type Pick = (load: LoadFigures) => number | null;

function roundRatios(ours: LoadFigures[], other: LoadFigures[], pickOurs: Pick, pickOther: Pick): number | null {
  const ratios = ours.slice(0, other.length).map((load, round) => {
    const value = pickOurs(load);
    const reference = pickOther(other[round]!);
    return value === null || reference === null || reference <= 0 ? null : value / reference;
  });
  // median() keeps a tenth of what it is given: thousandths in, hundredths out.
  const middle = median(ratios.map((r) => (r === null ? null : Math.round(r * 1000))));
  return middle === null ? null : Math.round(middle / 10) / 100;
}

export function pairedRatios(ours: LoadFigures[], other: LoadFigures[]): PairedRatios {
  return {
    rounds: Math.min(ours.length, other.length),
    firstPaint: roundRatios(
      ours,
      other,
      (l) => l.fcpMs,
      (l) => l.fcpMs,
    ),
    formVisible: roundRatios(
      ours,
      other,
      (l) => l.readyMs,
      (l) => l.readyMs,
    ),
    interactiveToFormVisible: roundRatios(
      ours,
      other,
      (l) => l.interactiveMs,
      (l) => l.readyMs,
    ),
    interactiveToInteractive: roundRatios(
      ours,
      other,
      (l) => l.interactiveMs,
      (l) => l.interactiveMs,
    ),
  };
}
