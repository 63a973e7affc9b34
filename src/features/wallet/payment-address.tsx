import { Button, Card, H2 } from "@blueprintjs/core";
import { Duplicate } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { UserWalletResult } from "../../../contracts/schemas/wallet.ts";
import { useNotify } from "../../app/services-context.tsx";
import { BreakableToken } from "../../ui/breakable-value.tsx";
import { QrCode } from "../../ui/qr-code.tsx";

/** The merchant's one payment address (GetUserWallet) with its QR code: a transfer to it pays the open order, else recharges the balance. */
export function PaymentAddress({ payment }: { payment: UserWalletResult | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async (address: string) => {
    await navigator.clipboard?.writeText(address);
    notify.success(t("common.copySuccess"));
  };
  return (
    <Card className="wallet-payment" data-testid="wallet-payment" aria-labelledby="wallet-payment-title">
      <H2 id="wallet-payment-title" className="card-title">
        {t("wallet.paymentAddress")}
      </H2>
      {payment ? (
        <>
          <p className="bp6-text-muted">
            {t("wallet.paymentHint", { chain: payment.product, currency: payment.currency })}
          </p>
          <QrCode value={payment.address} label={t("wallet.paymentQr")} size={144} testId="wallet-payment-qr" />
          <p className="wallet-address">
            <span data-testid="wallet-payment-value" data-value="">
              <BreakableToken text={payment.address} />
            </span>
            <Button
              size="small"
              variant="minimal"
              icon={<Duplicate />}
              aria-label={t("wallet.copyAddress")}
              onClick={() => copy(payment.address)}
            />
          </p>
        </>
      ) : (
        <p className="bp6-text-muted">{t("wallet.noChain")}</p>
      )}
    </Card>
  );
}
