import { Button, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { RedeliverView } from "../../../machines/callbacks/callback-redeliver-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { CallbackAnswer } from "./callback-answer.tsx";

interface CallbackRedeliverDialogProps {
  view: RedeliverView;
  onClose(): void;
}

/** One redelivery: under way (nothing to press), then the new attempt's answer, or what to do about the refusal. */
export function CallbackRedeliverDialog({ view, onClose }: CallbackRedeliverDialogProps) {
  const { t } = useTranslation();
  const sending = view.kind === "sending";
  // Close was held while the event was sent; once the answer is in, it takes the focus.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!sending) closeRef.current?.focus();
  }, [sending]);
  return (
    <Dialog
      isOpen={view.kind !== "closed"}
      onClose={onClose}
      isCloseButtonShown={!sending}
      canEscapeKeyClose={!sending}
      canOutsideClickClose={!sending}
      title={t("callbacks.redeliver.title")}
      className="callback-dialog"
    >
      <DialogBody>
        {view.kind === "sending" ? (
          <div className="list-table-status" role="status" aria-busy="true" data-testid="redeliver-sending">
            <Spinner size={24} aria-label={t("callbacks.redeliver.sending")} />
            <span>{t("callbacks.redeliver.sending")}</span>
          </div>
        ) : null}
        {view.kind === "answered" ? <CallbackAnswer attempt={view.answer} testId="redeliver-answer" /> : null}
        {view.kind === "failed" ? (
          <div data-testid="redeliver-failed">
            <FailureScope failure={view.failure} />
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={<Button ref={closeRef} text={t("callbacks.redeliver.close")} disabled={sending} onClick={onClose} />}
      />
    </Dialog>
  );
}
