import { usdtFigureParts } from "../i18n/format.ts";
import "./usdt-amount.css";

/**
 * A USDT amount as a merchant reads money: to the cent, and the token's finer digits (a prorated credit's 50.00|6127)
 * after it in smaller type, so the figure stays exact (read aloud, copied, added up) without a run of odd decimals
 * drawing the eye. Its text is `formatUsdt`'s.
 */
export function UsdtAmount({ amount, language }: { amount: string; language: string }) {
  const { cents, finer, unit } = usdtFigureParts(amount, language);
  return (
    <span className="usdt-amount">
      {cents}
      {finer ? <span className="usdt-finer bp6-text-muted">{finer}</span> : null} {unit}
    </span>
  );
}
