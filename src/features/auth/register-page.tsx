import { Button } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { selectRegisteredEmail, selectRegistering } from "../../../machines/auth/register-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { FailureScope } from "../../app/failure-callout.tsx";
import { useHeldSubmit } from "../../ui/before-hydration.ts";
import { FormField } from "../../ui/form-field.tsx";
import { NewPasswordFields } from "../../ui/new-password-fields.tsx";
import { AuthLayout } from "./auth-layout.tsx";
import { provideCodeSender } from "../../app/code-sender-service.ts";
import { provideRegister } from "./auth-machines.ts";
import { CodeField } from "../../app/code-field.tsx";

export default function RegisterPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const register = useActorRef(provideRegister(services));
  const sender = useActorRef(provideCodeSender(services), { input: { purpose: "register" } });
  const [form, setForm] = useState({ email: "", code: "", password: "", repeatPassword: "" });
  const busy = useSelector(register, selectRegistering);
  const registeredEmail = useSelector(register, selectRegisteredEmail);
  const fieldErrors = useSelector(register, (s) => s.context.fieldErrors);
  const senderErrors = useSelector(sender, (s) => s.context.fieldErrors);
  const formRef = useRef<HTMLFormElement>(null);
  useHeldSubmit(formRef);
  const failure = useSelector(register, (s) => s.context.failure);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  useEffect(() => {
    if (registeredEmail !== null) void navigate("/login", { replace: true, state: { email: registeredEmail } });
  }, [registeredEmail, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.send({ type: "register.submit", ...form });
  };

  return (
    <AuthLayout
      title={t("register.title")}
      footer={
        <>
          {t("register.haveAccount")} <Link to="/login">{t("register.backToLogin")}</Link>
        </>
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t("register.title")}>
        <FailureScope failure={failure}>
          <FormField
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            value={form.email}
            onValueChange={set("email")}
            error={fieldErrors.email ?? senderErrors.email}
            name="email"
            autoFocus
          />
          <CodeField
            sender={sender}
            email={form.email}
            code={form.code}
            onCodeChange={set("code")}
            error={fieldErrors.code}
          />
          <NewPasswordFields
            passwordLabel="fields.password"
            password={form.password}
            repeatPassword={form.repeatPassword}
            onPasswordChange={set("password")}
            onRepeatPasswordChange={set("repeatPassword")}
            errors={fieldErrors}
          />
        </FailureScope>
        <Button type="submit" intent="primary" fill size="large" loading={busy} text={t("register.submit")} />
      </form>
    </AuthLayout>
  );
}
