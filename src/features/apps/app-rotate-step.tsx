import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { AppSecretKind, GraceWindow } from "../../../contracts/schemas/apps.ts";
import type { appEditMachine } from "../../../machines/apps/app-edit.ts";
import type { RotateChoices } from "../../../machines/apps/app-edit-selectors.ts";

type Actor = ActorRefFrom<typeof appEditMachine>;

/** Which secret a rotation replaces, and how long the one it replaces keeps working. */
export function RotateChoicesFields({ choices, actor }: { choices: RotateChoices; actor: Actor }) {
  const { t } = useTranslation();
  const graceId = useId();
  const secretId = useId();
  return (
    <>
      <FormGroup label={t("apps.rotateWhich.label")} labelFor={secretId}>
        <HTMLSelect
          id={secretId}
          value={choices.rotateSecret}
          onChange={(e) => actor.send({ type: "rotate.secret", secret: e.currentTarget.value as AppSecretKind })}
        >
          {choices.secretKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`apps.rotateWhich.${kind}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t("apps.grace.label")} labelFor={graceId} helperText={t("apps.grace.hint")}>
        <HTMLSelect
          id={graceId}
          value={choices.graceWindow}
          onChange={(e) => actor.send({ type: "rotate.grace", graceWindow: e.currentTarget.value as GraceWindow })}
        >
          {choices.graceWindows.map((grace) => (
            <option key={grace} value={grace}>
              {t(`apps.grace.${grace}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </>
  );
}
