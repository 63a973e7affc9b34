import { usdtFigureParts } from "../../i18n/format.ts";

/**
 * One of My wallet's figures: its digits kept on one line (a large balance broke between two digits), the line
 * breaking at most between the number and its unit. Its text is `formatUsdt`'s.
 */
export function WalletFigure({ id, amount, language }: { id: string; amount: string; language: string }) {
  const { cents, finer, unit } = usdtFigureParts(amount, language);
  return (
    <dd data-testid={`wallet-${id}`} data-value="">
      <span className="wallet-digits">{`${cents}${finer}`}</span> {unit}
    </dd>
  );
}
