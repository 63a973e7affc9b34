// The types of stage-table.mjs, which stays JavaScript for the stage runner (stage-calibration.d.mts says why).
import type { CalibrationSample, CpuReference } from "./stage-calibration.mjs";

export interface StageEntry {
  stage: string;
  seconds: number | null;
  cpuSeconds: number | null;
  begin?: number | null;
  end?: number | null;
  result: string;
  exitCode: number;
}
export interface Calibration {
  reference: CpuReference | null;
  samples: readonly CalibrationSample[];
  node?: string;
  why?: string;
}
export declare function referenceSeconds(entry: StageEntry, samples: readonly CalibrationSample[]): number | null;
export declare function overBudget<E extends StageEntry>(
  entries: readonly E[],
  budgets: Record<string, number>,
  samples: readonly CalibrationSample[],
): Array<{ entry: E; figure: number; budget: number }>;
export declare function stageTable(run: {
  entries: readonly StageEntry[];
  budgets: Record<string, number>;
  wallSeconds: number;
  result: string;
  counted: string;
  calibration: Calibration;
}): string[];
export declare function calibrationLines(calibration: Calibration): string[];
