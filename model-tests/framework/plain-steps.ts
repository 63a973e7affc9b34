import type { MachineModel, ModelPath } from "./model.ts";
import { stateLabel } from "./model.ts";

/** One numbered step of a path as a tester follows it: what to do (none for the start) and what to see. */
export interface PlainStep {
  action: string | null;
  expect: string;
  /** The machine's state, e.g. `signedIn.ready`. */
  state: string;
}

export function plainSteps(model: MachineModel, path: ModelPath): PlainStep[] {
  return path.steps.map((step, index) => ({
    action: index === 0 ? null : model.describeEvent(step.event),
    expect: model.describeState(step.state),
    state: stateLabel((step.state as { value: unknown }).value),
  }));
}

/** A path as `npm run model-test -- --print <id>` prints it; `number` counts from 1. */
export function plainPathLines(model: MachineModel, path: ModelPath, number: number): string[] {
  const [first, ...rest] = plainSteps(model, path);
  const lines = [`Path ${number}${path.start ? ` — start: ${path.start}` : ""}`];
  if (first) lines.push(`   Expect: ${first.expect}`);
  rest.forEach((step, n) => {
    lines.push(`${String(n + 1).padStart(2)}. ${step.action}`);
    lines.push(`   Expect: ${step.expect}  [${step.state}]`);
  });
  return lines;
}
