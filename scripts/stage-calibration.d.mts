// The types of stage-calibration.mjs, which stays JavaScript: the stage runner imports it before check-node can tell
// an older Node that it cannot run TypeScript.
export declare const calibrationWork: number;
export declare const unsteadyMove: number;
export interface CalibrationSample {
  at: number;
  factor: number;
}
export interface CpuReference {
  seconds: number;
  node: string;
}
export declare function calibrationSource(modules: number): string;
export declare function measureCalibration(): number | null;
export declare function calibrate(): number | null;
export declare function referenceOf(pkg: {
  cpuReference?: { seconds?: number; node?: string; work?: number };
}): CpuReference | null;
export declare function speedFactor(seconds: number, reference: number): number;
export declare function factorBetween(samples: readonly CalibrationSample[], begin: number, end: number): number | null;
export declare function factorMove(samples: readonly CalibrationSample[]): number;
