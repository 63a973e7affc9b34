import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Subscribable } from "xstate";
import type { FormDialogContext, FormDialogTag } from "../../machines/form-dialog.ts";
import { FailureScope } from "./failure-callout.tsx";

interface FormDialogView {
  hasTag(tag: FormDialogTag): boolean;
  context: FormDialogContext;
}

/** The actor of any machine made by createFormDialogMachine, as far as the frame uses it. */
export interface FormDialogActor extends Subscribable<FormDialogView> {
  getSnapshot(): FormDialogView;
  send(event: { type: "dialog.close" }): void;
}

interface FormDialogProps {
  actor: FormDialogActor;
  title: string;
  submitText: string;
  /** Sends the dialog's submit event with the form's fields. */
  onSubmit(): void;
  /** False while the form lacks what it needs to be sent (its choices still loading): the submit is held. */
  canSubmit?: boolean;
  /** Puts the form's fields back: as the dialog opens, or once it has closed. */
  onOpening?(): void;
  onClosed?(): void;
  /** The dialog's own class (a title that may be long wraps by it). */
  className?: string;
  /** The form's fields, when not every field a refusal may name is here: a refusal of another one goes in the callout. */
  fields?: readonly string[];
  children: ReactNode;
}

/**
 * The frame of a form dialog (see machines/form-dialog.ts): open while the machine says so, the server's refusal
 * above the fields, Cancel and the submit button below, both held while the call is under way.
 */
export function FormDialog({
  actor,
  title,
  submitText,
  onSubmit,
  canSubmit = true,
  onOpening,
  onClosed,
  className,
  fields,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => s.hasTag("open"));
  const busy = useSelector(actor, (s) => s.hasTag("busy"));
  const failure = useSelector(actor, (s) => s.context.failure);
  const close = () => actor.send({ type: "dialog.close" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };
  return (
    <Dialog isOpen={open} title={title} onOpening={onOpening} onClose={close} onClosed={onClosed} className={className}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FailureScope failure={failure} fields={fields}>
            {children}
          </FailureScope>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("common.cancel")} disabled={busy} onClick={close} />
              <Button type="submit" intent="primary" loading={busy} disabled={!canSubmit} text={submitText} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
