import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { nicknameEditMachine } from "../../machines/user/nickname-edit.ts";
import { FormDialog } from "../app/form-dialog.tsx";
import { FormField } from "../ui/form-field.tsx";

/** "Edit personal info": the nickname, starting from the current one each time the dialog opens. */
export function NicknameDialog({
  actor,
  current,
}: {
  actor: ActorRefFrom<typeof nicknameEditMachine>;
  current: string;
}) {
  const { t } = useTranslation();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const [nickName, setNickName] = useState(current);
  return (
    <FormDialog
      actor={actor}
      title={t("profile.editTitle")}
      submitText={t("common.save")}
      onSubmit={() => actor.send({ type: "nickname.submit", nickName })}
      onOpening={() => setNickName(current)}
    >
      <FormField
        label={t("fields.nickName")}
        value={nickName}
        onValueChange={setNickName}
        error={fieldErrors.nickName}
        maxLength={40}
        autoFocus
      />
    </FormDialog>
  );
}
