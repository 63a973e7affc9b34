import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { WithdrawalPreview } from "../../machines/wallet/wallet-amounts.ts";
import { formatUsdt } from "../i18n/format.ts";
import "./withdrawal-preview-facts.css";

interface WithdrawalPreviewFactsProps {
  fee: string;
  /** Null while the amount is not one yet. */
  preview: WithdrawalPreview | null;
  dailyLeft: string;
  testId: string;
}

/**
 * What a money movement out costs before it is confirmed (a withdrawal, a refund): the chain's fee, what leaves the
 * balance, what arrives, what is left of the day's limit, and a warning when the balance or the limit does not cover it.
 */
export function WithdrawalPreviewFacts({ fee, preview, dailyLeft, testId }: WithdrawalPreviewFactsProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <dl className="wallet-preview" data-testid={testId} aria-live="polite">
        <div>
          <dt className="bp6-text-muted">{t("wallet.fee")}</dt>
          <dd>{formatUsdt(fee, i18n.language)}</dd>
        </div>
        <div>
          <dt className="bp6-text-muted">{t("wallet.debit")}</dt>
          <dd>{preview ? formatUsdt(preview.debit, i18n.language) : t("withdrawals.none")}</dd>
        </div>
        <div>
          <dt className="bp6-text-muted">{t("wallet.arrives")}</dt>
          <dd>{preview ? formatUsdt(preview.arrives, i18n.language) : t("withdrawals.none")}</dd>
        </div>
        <div>
          <dt className="bp6-text-muted">{t("wallet.dailyLeftShort")}</dt>
          <dd>{formatUsdt(dailyLeft, i18n.language)}</dd>
        </div>
      </dl>
      {preview?.overBalance || preview?.overDailyLimit ? (
        <Callout intent="warning" compact className="wallet-over">
          {t(preview.overBalance ? "errors.2806" : "errors.2807")}
        </Callout>
      ) : null}
    </>
  );
}
