import { useTranslation } from "react-i18next";
import { BreakableToken } from "../../ui/breakable-value.tsx";

/** A transfer's transaction: a link to its chain's explorer when one is configured, else the hash alone. */
export function TransferHash({ txHash, explorerUrl }: { txHash: string | null; explorerUrl: string | null }) {
  const { t } = useTranslation();
  if (!txHash) return <>{t("invoices.none")}</>;
  const hash = (
    <code>
      <BreakableToken text={txHash} />
    </code>
  );
  return explorerUrl ? (
    <a
      href={explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="invoice-hash"
      aria-label={t("invoices.details.onExplorer", { txHash })}
    >
      {hash}
    </a>
  ) : (
    <span className="invoice-hash">{hash}</span>
  );
}
