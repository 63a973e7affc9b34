import { Button, Checkbox } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import {
  selectGoogleLinkActor,
  selectMailCodeOffered,
  selectRememberedLogin,
  selectSecondFactorActor,
  selectSignedIn,
  selectSigningIn,
} from "../../../machines/auth/session-selectors.ts";
import { storageKeys } from "../../api/session-storage.ts";
import { afterLoginTarget } from "../../app/route-guard.ts";
import { useSessionActor } from "../../app/services-context.tsx";
import { FailureScope } from "../../app/failure-callout.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { useCheckedBeforeHydration, useHeldSubmit } from "../../ui/before-hydration.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { useGoogleClientId } from "./google-config.ts";
import { SecondFactorForm } from "./second-factor-form.tsx";

// Its own chunk, fetched only when a client id is configured: /login stays lean without Google.
const GoogleSignIn = lazy(() => import("./google-sign-in.tsx").then((m) => ({ default: m.GoogleSignIn })));
const GoogleLinkStep = lazy(() => import("./google-link-step.tsx").then((m) => ({ default: m.GoogleLinkStep })));
// Only once the account's sign-in is throttled: its code sender stays out of /login's first load.
const SignInCodeField = lazy(() => import("./sign-in-code-field.tsx").then((m) => ({ default: m.SignInCodeField })));

export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const location = useLocation();
  const navigate = useNavigate();
  const prefilled = (location.state as { email?: string } | null)?.email;
  const remembered = useSelector(
    session,
    selectRememberedLogin,
    (a, b) => a.email === b.email && a.remember === b.remember,
  );
  const [email, setEmail] = useState(prefilled ?? remembered.email);
  const [password, setPassword] = useState("");
  const [emailCode, setEmailCode] = useState("");
  const [remember, setRemember] = useState(remembered.remember);
  const rememberRef = useRef<HTMLInputElement>(null);
  useCheckedBeforeHydration(rememberRef, remember, setRemember);
  const formRef = useRef<HTMLFormElement>(null);
  useHeldSubmit(formRef);
  const busy = useSelector(session, selectSigningIn);
  const signedIn = useSelector(session, selectSignedIn);
  const fieldErrors = useSelector(session, (s) => s.context.fieldErrors);
  const failure = useSelector(session, (s) => s.context.failure);
  const googleClient = useGoogleClientId();
  const googleLink = useSelector(session, selectGoogleLinkActor);
  const secondFactor = useSelector(session, selectSecondFactorActor);
  const offerMailCode = useSelector(session, selectMailCodeOffered);

  useEffect(() => {
    if (signedIn) void navigate(afterLoginTarget(location.search), { replace: true });
  }, [signedIn, location.search, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: "login.submit", email, password, remember, emailCode });
  };

  if (secondFactor)
    return (
      <AuthLayout title={t("login.secondFactorTitle")}>
        <SecondFactorForm step={secondFactor} />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t("login.title")}
      footer={
        <>
          {t("login.noAccount")} <Link to="/register">{t("login.register")}</Link>
        </>
      }
    >
      {googleLink ? (
        <Suspense fallback={null}>
          <GoogleLinkStep step={googleLink} />
        </Suspense>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate aria-label={t("login.title")}>
          <FailureScope failure={failure} whenNoAnswer={t("login.loginError")}>
            {/* data-stored-*: the prerendered page fills in the remembered e-mail before it paints (scripts/prerender/page-scripts.ts). */}
            <FormField
              label={t("fields.email")}
              type="email"
              autoComplete="username"
              value={email}
              onValueChange={setEmail}
              error={fieldErrors.email}
              name="email"
              autoFocus
              data-stored-value={storageKeys.rememberedEmail}
            />
            <FormField
              label={t("fields.password")}
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              error={fieldErrors.password}
              name="password"
            />
            {offerMailCode ? (
              <Suspense fallback={null}>
                <SignInCodeField
                  email={email}
                  code={emailCode}
                  onCodeChange={setEmailCode}
                  error={fieldErrors.emailCode}
                />
              </Suspense>
            ) : null}
          </FailureScope>
          <div className="form-row">
            <Checkbox
              label={t("login.remember")}
              checked={remember}
              inputRef={rememberRef}
              onChange={(e) => setRemember(e.currentTarget.checked)}
              data-stored-checked={storageKeys.rememberedEmail}
            />
            <Link to="/forget">{t("login.forgot")}</Link>
          </div>
          <Button type="submit" intent="primary" fill size="large" loading={busy} text={t("login.submit")} />
        </form>
      )}
      {googleClient && !googleLink ? (
        <Suspense fallback={null}>
          <GoogleSignIn clientId={googleClient} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
