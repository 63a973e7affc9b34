import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { nicknameEditMachine } from "../../machines/nickname-edit.ts";
import { FailureCallout } from "../ui/failure-callout.tsx";
import { FormField } from "../ui/form-field.tsx";

export function NicknameDialog({ actor, current }: { actor: ActorRefFrom<typeof nicknameEditMachine>; current: string }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => !s.matches("closed"));
  const busy = useSelector(actor, (s) => s.matches("saving"));
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const [nickName, setNickName] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "nickname.submit", nickName });
  };
  return (
    <Dialog isOpen={open} title={t("profile.editTitle")} onOpening={() => setNickName(current)} onClose={() => actor.send({ type: "dialog.close" })}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FailureCallout failure={failure} />
          <FormField label={t("fields.nickName")} value={nickName} onValueChange={setNickName} error={fieldErrors.nickName} maxLength={40} autoFocus />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("common.cancel")} disabled={busy} onClick={() => actor.send({ type: "dialog.close" })} />
              <Button type="submit" intent="primary" loading={busy} text={t("common.save")} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
