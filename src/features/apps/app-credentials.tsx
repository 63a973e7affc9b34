import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { AppEditView } from "../../../machines/apps/app-edit-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { useHushedToasts } from "../../app/use-hushed-toasts.ts";
import { formatDateTime } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";

type CredentialsView = Extract<AppEditView, { kind: "credentials" }>;

/**
 * AppKey, AppSecret and the webhook signing secret with copy buttons and the spec's reminder; after a rotation, when
 * the secret it replaced stops working.
 */
export function AppCredentialsView({ view }: { view: CredentialsView }) {
  const { t } = useTranslation();
  // No toast over the secrets just revealed ("Verification success", "Copied"): on a phone one spans the dialog.
  useHushedToasts();
  const { credentials } = view;
  if (!credentials) return null;
  return (
    <>
      <Callout intent="warning" compact className="app-credentials-reminder">
        {t("apps.credentials.reminder")}
      </Callout>
      <dl className="app-credentials" data-testid="app-credentials">
        <div className="app-credential">
          <dt>{t("apps.credentials.appKey")}</dt>
          <dd>
            <code data-value="" data-testid="app-key">
              <BreakableToken text={credentials.appKey} />
            </code>
            <CopyButton value={credentials.appKey} label={t("apps.credentials.copyKey")} />
          </dd>
        </div>
        <div className="app-credential">
          <dt>{t("apps.credentials.appSecret")}</dt>
          <dd>
            <code data-value="" data-testid="app-secret">
              <BreakableToken text={credentials.appSecret} />
            </code>
            <CopyButton value={credentials.appSecret} label={t("apps.credentials.copySecret")} />
          </dd>
        </div>
        <div className="app-credential">
          <dt>{t("apps.credentials.webhookSecret")}</dt>
          <dd>
            <code data-value="" data-testid="app-webhook-secret">
              <BreakableToken text={credentials.webhookSecret} />
            </code>
            <CopyButton value={credentials.webhookSecret} label={t("apps.credentials.copyWebhookSecret")} />
          </dd>
          <dd className="bp6-text-muted form-hint">{t("apps.credentials.webhookHint")}</dd>
        </div>
      </dl>
      <PreviousSecrets view={view} />
    </>
  );
}

/** Each secret before a rotation still in its grace window, or that the one just rotated stopped at once. */
function PreviousSecrets({ view }: { view: CredentialsView }) {
  const { t, i18n } = useTranslation();
  const { credentials, rotated } = view;
  if (!credentials) return null;
  const lines = [
    {
      kind: "appSecret",
      testId: "app-previous-secret",
      until: credentials.previousSecretValidUntil,
      untilKey: "apps.credentials.previousUntil",
      stoppedKey: "apps.credentials.previousStopped",
    },
    {
      kind: "webhookSecret",
      testId: "app-previous-webhook-secret",
      until: credentials.previousWebhookSecretValidUntil,
      untilKey: "apps.credentials.previousWebhookUntil",
      stoppedKey: "apps.credentials.previousWebhookStopped",
    },
  ] as const;
  return lines.map((line) =>
    line.until ? (
      <p key={line.kind} data-testid={line.testId}>
        {t(line.untilKey, { time: formatDateTime(line.until, i18n.language) })}
      </p>
    ) : rotated === line.kind ? (
      <p key={line.kind} data-testid={line.testId}>
        {t(line.stoppedKey)}
      </p>
    ) : null,
  );
}
