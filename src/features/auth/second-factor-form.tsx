import { Button } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  sameSecondFactorForm,
  selectSecondFactorFailure,
  selectSecondFactorForm,
} from "../../../machines/auth/second-factor-selectors.ts";
import type { SecondFactorActor } from "../../../machines/auth/second-factor.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { FormField } from "../../ui/form-field.tsx";

/** The sign-in's second step (TOTP on): the app's code or a recovery code; the field takes focus, Enter submits. */
export function SecondFactorForm({ step }: { step: SecondFactorActor }) {
  const { t } = useTranslation();
  const { busy, codeError } = useSelector(step, selectSecondFactorForm, sameSecondFactorForm);
  const failure = useSelector(step, selectSecondFactorFailure);
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    step.send({ type: "secondFactor.submit", code });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("login.secondFactorTitle")}>
      <p>{t("login.secondFactorPrompt")}</p>
      <FailureScope failure={failure}>
        <FormField
          label={t("login.secondFactorCode")}
          value={code}
          onValueChange={setCode}
          error={codeError}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={11}
          name="totpCode"
          autoFocus
        />
      </FailureScope>
      <Button type="submit" intent="primary" fill size="large" loading={busy} text={t("login.secondFactorSubmit")} />
      <Button
        className="second-factor-back"
        variant="minimal"
        fill
        text={t("login.secondFactorBack")}
        onClick={() => step.send({ type: "secondFactor.cancel" })}
      />
    </form>
  );
}
