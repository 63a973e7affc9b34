import { describe, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import type { ControlledApi } from "./fake-api.ts";
import { type MachineModel, type ModelEvent, type ModelPath, type ModelSnapshot, stateLabel } from "./model.ts";
import { type InvokeAliases, invokesOf, type NoAliases } from "./model-events.ts";
import { generatePaths } from "./paths.ts";

export interface Harness<M extends AnyStateMachine, H, A extends InvokeAliases<M> = NoAliases> {
  start(path: ModelPath<M, A>): Promise<H>;
  /**
   * The fake API whose waiting calls answer the path's actor results: a step `xstate.done.actor.<id>` /
   * `xstate.error.actor.<id>` settles the call of the invoke `<id>` with the step's output or error, without
   * reaching `perform`. Results of actors it does not control still go to `perform`.
   */
  fakeApi?(h: H): ControlledApi;
  /** Does what the step's event stands for: a merchant's action, or the fake server's answer. Unknown events throw. */
  perform(h: H, event: ModelEvent<M, A>): Promise<void>;
  /** Asserts what the merchant sees in the state. */
  expectScreen(h: H, snapshot: ModelSnapshot<M>): Promise<void>;
  stop(h: H): void;
}

/** A path's time limit: Vitest's 20 s for a path of a few steps, and more for a walk of many. */
const timeLimit = (steps: number) => Math.max(20_000, 1_000 * steps);

/** One test per generated path, run against the real views. Test names start with the machine id. */
export function runModel<M extends AnyStateMachine, H, A extends InvokeAliases<M> = NoAliases>(
  model: MachineModel<M, A>,
  harness: Harness<M, H, A>,
) {
  const paths = generatePaths(model);
  describe(model.id, () => {
    paths.forEach((path, index) => {
      it(
        `#${index + 1} ${path.description}`,
        async () => {
          const h = await harness.start(path);
          try {
            const fake = harness.fakeApi?.(h);
            if (fake) checkInvokeIds(model, fake);
            for (const [i, step] of path.steps.entries()) {
              try {
                if (i > 0 && !(await fake?.answerActorResult(step.event))) await harness.perform(h, step.event);
                await harness.expectScreen(h, step.state);
              } catch (error) {
                throw atStep(model, path, i, error);
              }
            }
          } finally {
            harness.stop(h);
          }
        },
        timeLimit(path.steps.length),
      );
    });
  });
}

/**
 * The error of a path's step, told with the step as `--print` numbers it: what was done and what the screen had to
 * show. The error stays the same object (an assertion keeps its expected and actual values).
 */
function atStep<M extends AnyStateMachine, A extends InvokeAliases<M>>(
  model: MachineModel<M, A>,
  path: ModelPath<M, A>,
  i: number,
  error: unknown,
) {
  const step = path.steps[i]!;
  const done = i === 0 ? "at the start" : `step ${i} of ${path.steps.length - 1} (${model.describeEvent(step.event)})`;
  const where = `${done}, expecting: ${model.describeState(step.state)} [${stateLabel((step.state as { value: unknown }).value)}]`;
  if (error instanceof Error) {
    error.message = `${where}\n${error.message}`;
    return error;
  }
  return new Error(`${where}\n${String(error)}`);
}

/** A misspelt invoke id would leave its results to `perform`, which fails far from the cause. */
function checkInvokeIds(model: MachineModel<AnyStateMachine, InvokeAliases<AnyStateMachine>>, fake: ControlledApi) {
  const invokes = invokesOf(model.machine);
  const unknown = fake.invokeIds().filter((id) => !invokes.has(id));
  if (unknown.length > 0)
    throw new Error(
      `the fake API answers ${unknown.join(", ")}, which ${model.id} never invokes (invokes: ${[...invokes.keys()].join(", ")})`,
    );
}

export function unmapped(event: { type: string }): never {
  throw new Error(`no user action is mapped for event ${event.type}: add it to the harness`);
}
