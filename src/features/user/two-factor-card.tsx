import { Button, Card, H2, Tag } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  sameTwoFactorView,
  selectTwoFactorBadge,
  selectTwoFactorView,
} from "../../../machines/user/two-factor-selectors.ts";
import type { TwoFactorActor } from "../../../machines/user/two-factor.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { useServices } from "../../app/services-context.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { QrCode } from "../../ui/qr-code.tsx";
import { provideTwoFactor } from "./user-machines.ts";

/**
 * The user centre's two-factor card: off, the password, set-up (QR code, key, code), the recovery codes once, on,
 * turning off.
 */
export function TwoFactorCard({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const actor = useActorRef(provideTwoFactor(useServices(), { changed: onChanged }));
  const view = useSelector(actor, selectTwoFactorView, sameTwoFactorView);
  const failure = useSelector(actor, (s) => s.context.failure);
  const badge = useSelector(actor, selectTwoFactorBadge);
  return (
    <Card className="account-card two-factor-card">
      <div className="two-factor-head">
        <H2 id="two-factor-title" className="two-factor-title">
          {t("twoFactor.title")}
        </H2>
        {badge === null ? null : (
          <Tag minimal intent={badge === "on" ? "success" : "none"} data-testid="two-factor-state">
            {badge === "on" ? t("twoFactor.on") : t("twoFactor.off")}
          </Tag>
        )}
      </div>
      <FailureScope failure={failure} whenNoAnswer={view.kind === "loadFailed" ? t("twoFactor.loadFailed") : undefined}>
        <TwoFactorBody actor={actor} view={view} />
      </FailureScope>
    </Card>
  );
}

function TwoFactorBody({ actor, view }: { actor: TwoFactorActor; view: ReturnType<typeof selectTwoFactorView> }) {
  const { t } = useTranslation();
  switch (view.kind) {
    case "loading":
      return <Button loading variant="minimal" aria-label={t("common.loading")} />;
    case "loadFailed":
      return <Button text={t("twoFactor.retry")} onClick={() => actor.send({ type: "twoFactor.retry" })} />;
    case "off":
      return (
        <Button
          intent="primary"
          text={t("twoFactor.turnOn")}
          loading={view.busy}
          onClick={() => actor.send({ type: "twoFactor.start" })}
        />
      );
    case "password":
      return (
        <>
          <p>{t("twoFactor.passwordHelp")}</p>
          <PasswordForm
            busy={view.busy}
            error={view.passwordError}
            onSubmit={(password) => actor.send({ type: "twoFactor.reveal", password })}
            onCancel={() => actor.send({ type: "twoFactor.cancel" })}
          />
        </>
      );
    case "setup":
      return (
        <>
          <p>{t("twoFactor.scan")}</p>
          <QrCode value={view.uri} label={t("twoFactor.qrLabel")} className="two-factor-qr" testId="two-factor-qr" />
          <p>
            {t("twoFactor.key")}:{" "}
            <code data-testid="two-factor-secret" className="two-factor-secret">
              {view.secret}
            </code>
          </p>
          <CodeForm
            label={t("twoFactor.code")}
            submitText={t("twoFactor.confirm")}
            busy={view.busy}
            error={view.codeError}
            onSubmit={(code) => actor.send({ type: "twoFactor.confirm", code })}
            onCancel={() => actor.send({ type: "twoFactor.cancel" })}
          />
        </>
      );
    case "recoveryCodes":
      return (
        <section aria-labelledby="recovery-codes-title">
          <h3 id="recovery-codes-title">{t("twoFactor.recoveryTitle")}</h3>
          <p>{t("twoFactor.recoveryHelp")}</p>
          <ul className="recovery-codes" data-testid="recovery-codes">
            {view.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <Button
            intent="primary"
            text={t("twoFactor.recoverySaved")}
            onClick={() => actor.send({ type: "recovery.saved" })}
          />
        </section>
      );
    case "on":
      return (
        <>
          <p>{t("twoFactor.recoveryLeft", { count: view.recoveryCodesLeft })}</p>
          <Button
            intent="danger"
            text={t("twoFactor.turnOff")}
            onClick={() => actor.send({ type: "twoFactor.turnOff" })}
          />
        </>
      );
    case "confirmOff":
      return (
        <>
          <p>{t("twoFactor.disableHelp")}</p>
          <CodeForm
            label={t("login.secondFactorCode")}
            submitText={t("twoFactor.turnOff")}
            intent="danger"
            busy={view.busy}
            error={view.codeError}
            onSubmit={(code) => actor.send({ type: "twoFactor.disable", code })}
            onCancel={() => actor.send({ type: "twoFactor.cancel" })}
          />
        </>
      );
  }
}

/** The account's password before the secret is shown; Enter submits. */
function PasswordForm(props: {
  busy: boolean;
  error: string | undefined;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate className="two-factor-form">
      <FormField
        label={t("twoFactor.password")}
        value={password}
        onValueChange={setPassword}
        error={props.error}
        type="password"
        autoComplete="current-password"
        name="password"
        autoFocus
      />
      <div className="two-factor-actions">
        <Button type="submit" intent="primary" loading={props.busy} text={t("twoFactor.showKey")} />
        <Button variant="minimal" text={t("common.cancel")} disabled={props.busy} onClick={props.onCancel} />
      </div>
    </form>
  );
}

/** One code field that takes the focus; Enter submits. */
function CodeForm(props: {
  label: string;
  submitText: string;
  intent?: "primary" | "danger";
  busy: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(code);
  };
  return (
    <form onSubmit={submit} noValidate className="two-factor-form">
      <FormField
        label={props.label}
        value={code}
        onValueChange={setCode}
        error={props.error}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={11}
        name="totpCode"
        autoFocus
      />
      <div className="two-factor-actions">
        <Button type="submit" intent={props.intent ?? "primary"} loading={props.busy} text={props.submitText} />
        <Button variant="minimal" text={t("common.cancel")} disabled={props.busy} onClick={props.onCancel} />
      </div>
    </form>
  );
}
