import { Button, Callout } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  sameGoogleLinkStep,
  selectGoogleLinkFailure,
  selectGoogleLinkFieldErrors,
  selectGoogleLinkStep,
} from "../../../machines/auth/google-link-selectors.ts";
import type { GoogleLinkActor } from "../../../machines/auth/google-link.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { useServices } from "../../app/services-context.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { provideCodeSender } from "../../app/code-sender-service.ts";
import { CodeField } from "../../app/code-field.tsx";

/**
 * The sign-in page's step after Google vouched for an account whose e-mail is a merchant's who has not linked it: that
 * merchant's password, or a code mailed to the address, links the Google account and signs in; Cancel goes back. The
 * code is asked with the step's ticket: the server mails link codes only for a live one.
 */
export function GoogleLinkStep({ step }: { step: GoogleLinkActor }) {
  const { t } = useTranslation();
  const services = useServices();
  const { email, linkTicket, busy } = useSelector(step, selectGoogleLinkStep, sameGoogleLinkStep);
  const sender = useActorRef(provideCodeSender(services), { input: { purpose: "link", linkTicket } });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const fieldErrors = useSelector(step, selectGoogleLinkFieldErrors);
  const failure = useSelector(step, selectGoogleLinkFailure);

  const linkWithPassword = (event: FormEvent) => {
    event.preventDefault();
    step.send({ type: "google.link", proof: { password } });
  };
  const linkWithCode = (event: FormEvent) => {
    event.preventDefault();
    step.send({ type: "google.link", proof: { code } });
  };

  return (
    <section aria-labelledby="google-link-title">
      <h2 id="google-link-title">{t("googleLink.title")}</h2>
      <Callout intent="primary" compact className="form-failure">
        {t("googleLink.explain", { email })}
      </Callout>
      <FailureScope failure={failure}>
        <form onSubmit={linkWithPassword} noValidate aria-label={t("googleLink.withPassword")}>
          <FormField
            label={t("fields.password")}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={fieldErrors.password}
            name="password"
            autoFocus
          />
          <Button type="submit" intent="primary" fill loading={busy} text={t("googleLink.withPassword")} />
        </form>
        <div className="sign-in-divider" aria-hidden="true">
          <span>{t("google.or")}</span>
        </div>
        <form onSubmit={linkWithCode} noValidate aria-label={t("googleLink.withCode")}>
          <CodeField sender={sender} email={email} code={code} onCodeChange={setCode} error={fieldErrors.code} />
          <Button type="submit" fill loading={busy} text={t("googleLink.withCode")} />
        </form>
      </FailureScope>
      <Button
        variant="minimal"
        fill
        disabled={busy}
        text={t("common.cancel")}
        onClick={() => step.send({ type: "google.linkCancel" })}
      />
    </section>
  );
}
