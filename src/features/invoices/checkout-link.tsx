import { AnchorButton } from "@blueprintjs/core";
import { Share } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../app/copy-button.tsx";
import { BreakableToken } from "../../ui/breakable-value.tsx";

/** An invoice's checkout page, to hand the customer: its URL whole, Copy, and Open in a new tab. */
export function CheckoutLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="list-code">
        <code>
          <BreakableToken text={url} />
        </code>
        <CopyButton value={url} label={t("invoices.details.copyLink")} />
      </span>
      <AnchorButton
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        icon={<Share />}
        variant="minimal"
        intent="primary"
        text={t("invoices.details.openLink")}
      />
    </>
  );
}
