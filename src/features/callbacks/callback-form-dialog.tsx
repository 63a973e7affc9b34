import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

interface CallbackFormDialogProps {
  open: boolean;
  busy: boolean;
  title: string;
  /** The outcome has taken the form's place: Close (then `doneActions`) instead of Cancel and the submit button. */
  done: boolean;
  submitText: string;
  closeText: string;
  doneActions?: ReactNode;
  onSubmit(): void;
  onClose(): void;
  /** Once the dialog has closed: the form starts empty next time. */
  onClosed(): void;
  children: ReactNode;
}

/** A callbacks dialog whose form is sent once and whose outcome then takes the form's place. */
export function CallbackFormDialog(props: CallbackFormDialogProps) {
  const { open, busy, title, done, submitText, closeText, doneActions, onSubmit, onClose, onClosed, children } = props;
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // The outcome takes the form's place (and its submit button, which had the focus): Close takes the focus, so the
  // keyboard stays in the dialog and Escape still closes it.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) closeRef.current?.focus();
  }, [done]);
  return (
    <Dialog
      isOpen={open}
      onClose={onClose}
      onClosed={onClosed}
      isCloseButtonShown={!busy}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      title={title}
      className="callback-dialog"
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <DialogBody>{children}</DialogBody>
        <DialogFooter
          actions={
            done ? (
              <>
                <Button ref={closeRef} text={closeText} onClick={onClose} />
                {doneActions}
              </>
            ) : (
              <>
                <Button text={t("common.cancel")} disabled={busy} onClick={onClose} />
                <Button type="submit" intent="primary" loading={busy} text={submitText} />
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
