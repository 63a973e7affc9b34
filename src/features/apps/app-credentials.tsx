import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { AppEditView } from "../../../machines/apps/app-edit-selectors.ts";
import { CopyButton } from "../../app/copy-button.tsx";
import { formatDateTime } from "../../i18n/format.ts";

/** AppKey and AppSecret with copy buttons and the spec's reminder; after a rotation, when the old secret stops. */
export function AppCredentialsView({ view }: { view: Extract<AppEditView, { kind: "credentials" }> }) {
  const { t, i18n } = useTranslation();
  const { credentials } = view;
  if (!credentials) return null;
  const until = credentials.previousSecretValidUntil;
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
              {credentials.appKey}
            </code>
            <CopyButton value={credentials.appKey} label={t("apps.credentials.copyKey")} />
          </dd>
        </div>
        <div className="app-credential">
          <dt>{t("apps.credentials.appSecret")}</dt>
          <dd>
            <code data-value="" data-testid="app-secret">
              {credentials.appSecret}
            </code>
            <CopyButton value={credentials.appSecret} label={t("apps.credentials.copySecret")} />
          </dd>
        </div>
      </dl>
      {until ? (
        <p data-testid="app-previous-secret">
          {t("apps.credentials.previousUntil", { time: formatDateTime(until, i18n.language) })}
        </p>
      ) : view.rotated ? (
        <p data-testid="app-previous-secret">{t("apps.credentials.previousStopped")}</p>
      ) : null}
    </>
  );
}
