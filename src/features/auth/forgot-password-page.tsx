import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  selectResetDone,
  selectResetFinishedEmail,
  selectResetStep,
} from "../../../machines/auth/forgot-password-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { FailureScope } from "../../app/failure-callout.tsx";
import { useHeldSubmit } from "../../ui/before-hydration.ts";
import { FormField } from "../../ui/form-field.tsx";
import { NewPasswordFields } from "../../ui/new-password-fields.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import { provideCodeSender } from "../../app/code-sender-service.ts";
import { provideForgotPassword } from "./auth-machines.ts";
import { CodeField } from "../../app/code-field.tsx";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const flow = useActorRef(provideForgotPassword(services));
  const sender = useActorRef(provideCodeSender(services), { input: { purpose: "reset" } });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeatPassword, setRepeatPassword] = useState("");
  const step = useSelector(flow, selectResetStep);
  const busy = useSelector(flow, (s) => s.hasTag("busy"));
  const done = useSelector(flow, selectResetDone);
  const finishedEmail = useSelector(flow, selectResetFinishedEmail);
  const fieldErrors = useSelector(flow, (s) => s.context.fieldErrors);
  const senderErrors = useSelector(sender, (s) => s.context.fieldErrors);
  const formRef = useRef<HTMLFormElement>(null);
  useHeldSubmit(formRef);
  const failure = useSelector(flow, (s) => s.context.failure);

  useEffect(() => {
    if (finishedEmail !== null) void navigate("/login", { replace: true, state: { email: finishedEmail } });
  }, [finishedEmail, navigate]);

  const submitIdentity = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: "code.submit", email, code });
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: "password.submit", password, repeatPassword });
  };

  return (
    <AuthLayout title={t("forgot.title")} footer={<Link to="/login">{t("register.backToLogin")}</Link>}>
      <p className="bp6-text-muted" aria-live="polite">
        {t("forgot.step", { step, total: 2 })} · {step === 1 ? t("forgot.stepIdentify") : t("forgot.stepPassword")}
      </p>
      <FailureScope failure={failure}>
        {step === 1 ? (
          <form ref={formRef} onSubmit={submitIdentity} noValidate aria-label={t("forgot.stepIdentify")}>
            <FormField
              label={t("fields.email")}
              type="email"
              autoComplete="email"
              value={email}
              onValueChange={setEmail}
              error={fieldErrors.email ?? senderErrors.email}
              name="email"
              autoFocus
            />
            <CodeField sender={sender} email={email} code={code} onCodeChange={setCode} error={fieldErrors.code} />
            <Button type="submit" intent="primary" fill size="large" loading={busy} text={t("forgot.next")} />
          </form>
        ) : (
          <form onSubmit={submitPassword} noValidate aria-label={t("forgot.stepPassword")}>
            <NewPasswordFields
              passwordLabel="fields.newPassword"
              password={password}
              repeatPassword={repeatPassword}
              onPasswordChange={setPassword}
              onRepeatPasswordChange={setRepeatPassword}
              errors={fieldErrors}
              autoFocus
            />
            <div className="form-actions">
              <Button text={t("forgot.back")} onClick={() => flow.send({ type: "step.back" })} disabled={busy} />
              <Button type="submit" intent="primary" loading={busy} text={t("forgot.submit")} />
            </div>
          </form>
        )}
      </FailureScope>
      <Dialog
        isOpen={done}
        title={t("forgot.doneTitle")}
        isCloseButtonShown={false}
        canOutsideClickClose={false}
        canEscapeKeyClose={false}
      >
        <DialogBody>{t("forgot.doneText")}</DialogBody>
        <DialogFooter
          actions={
            <Button
              intent="primary"
              text={t("forgot.goToLogin")}
              onClick={() => flow.send({ type: "done.close" })}
              autoFocus
            />
          }
        />
      </Dialog>
    </AuthLayout>
  );
}
