import { describe, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import type { MachineModel, ModelEvent, ModelPath, ModelSnapshot } from "./model.ts";
import { generatePaths } from "./paths.ts";

export interface Harness<M extends AnyStateMachine, H> {
  start(path: ModelPath<M>): Promise<H>;
  /** Does what the step's event stands for: a merchant's action, or the fake server's answer. Unknown events throw. */
  perform(h: H, event: ModelEvent<M>): Promise<void>;
  /** Asserts what the merchant sees in the state. */
  expectScreen(h: H, snapshot: ModelSnapshot<M>): Promise<void>;
  stop(h: H): void;
}

/** One test per generated path, run against the real views. Test names start with the machine id. */
export function runModel<M extends AnyStateMachine, H>(model: MachineModel<M>, harness: Harness<M, H>) {
  const paths = generatePaths(model);
  describe(model.id, () => {
    paths.forEach((path, index) => {
      it(`#${index + 1} ${path.description}`, async () => {
        const h = await harness.start(path);
        try {
          for (const [i, step] of path.steps.entries()) {
            if (i > 0) await harness.perform(h, step.event);
            await harness.expectScreen(h, step.state);
          }
        } finally {
          harness.stop(h);
        }
      });
    });
  });
}

export function unmapped(event: { type: string }): never {
  throw new Error(`no user action is mapped for event ${event.type}: add it to the harness`);
}
