import type { FormDialogContext, FormDialogMachine } from "../../machines/form-dialog.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, showingProblems } from "./english.ts";
import { refusal } from "./fixtures.ts";

/** What a form dialog's model says of its own: how it opens, what is submitted, what the server answers. */
export interface FormDialogModelSpec<TSubmit extends string, TFields, TBody, TResult> {
  id: string;
  machine: FormDialogMachine<TSubmit, TFields, TBody, TResult>;
  starts: ReadonlyArray<{ name: string }>;
  /** The step that opens it, as a tester reads it ("Press Approve beside the withdrawal of 25 USDT"). */
  opens: string;
  /** The i18n keys of its title and its submit button. */
  title: string;
  submit: string;
  /** The submits tried in the open dialog: a valid one, and any the form itself refuses. */
  submits: ReadonlyArray<{ type: TSubmit } & TFields>;
  describeSubmit(event: { type: TSubmit } & TFields): string;
  /** The server's answer to a valid submit, and what it does. */
  answer: TResult;
  answerText: string;
  /** A refusal of the server (`failure(errCode, errMsg)`). */
  refused: unknown;
  excluded?: MachineModel["excluded"];
  /** The harness goes on from where a step left the console (`MachineModel.walks`). */
  walks?: boolean;
  /** Each start's snapshots are its own (`MachineModel.keysPerStart`): starts the harness makes differently. */
  keysPerStart?: boolean;
}

/**
 * The model of a dialog made by createFormDialogMachine (closed → editing → submitting → closed): every form dialog
 * walks the same graph, so its model is what is its own — the submits, the answer, the refusal and the words.
 */
export function formDialogModel<TSubmit extends string, TFields, TBody, TResult>(
  spec: FormDialogModelSpec<TSubmit, TFields, TBody, TResult>,
): MachineModel<FormDialogMachine<TSubmit, TFields, TBody, TResult>> {
  type M = FormDialogMachine<TSubmit, TFields, TBody, TResult>;
  const results = eventBuilders(spec.machine);
  const title = english(spec.title);
  return {
    id: spec.id,
    machine: spec.machine,
    starts: spec.starts.map((start) => ({ name: start.name, input: undefined })),
    events: (s) => {
      if (s.matches("closed")) return [{ type: "dialog.open" }];
      if (s.matches("editing")) return [...spec.submits, { type: "dialog.close" }] as ModelEvent<M>[];
      if (s.matches("submitting"))
        return [
          results.done("submit", spec.answer as never),
          results.failed("submit", spec.refused),
        ] as ModelEvent<M>[];
      return [];
    },
    describeEvent: (e) => {
      const event = e as { type: string; error?: unknown };
      if (event.type === "dialog.open") return spec.opens;
      if (event.type === "dialog.close") return "Press Cancel";
      if (event.type === "xstate.done.actor.submit") return spec.answerText;
      if (event.type === "xstate.error.actor.submit") return refusal(event.error);
      return spec.describeSubmit(e as { type: TSubmit } & TFields);
    },
    describeState: (s) => {
      if (s.matches("closed")) return "No dialog is open";
      if (s.matches("submitting")) return `${english(spec.submit)} shows a spinner`;
      const context = s.context as FormDialogContext;
      return `The ${title} dialog${showingProblems(context)}`;
    },
    excluded: spec.excluded ?? [],
    walks: spec.walks ?? false,
    keysPerStart: spec.keysPerStart ?? false,
  };
}
