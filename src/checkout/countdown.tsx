import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const second = 1_000;
const two = (n: number) => String(n).padStart(2, "0");

/** Milliseconds until `expiresAt` on the server's clock (this device's plus the offset), never below 0. */
export const timeLeftMs = (expiresAt: string, clockOffsetMs: number, now = Date.now()): number =>
  Math.max(0, Date.parse(expiresAt) - (now + clockOffsetMs));

function clock(ms: number): { days: number; time: string } {
  const total = Math.floor(ms / second);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const time = `${hours || days ? `${two(hours)}:` : ""}${two(minutes)}:${two(total % 60)}`;
  return { days, time };
}

/** The time left to pay, ticking each second; a timer, so screen readers read it when asked, not every second. */
export function Countdown({ expiresAt, clockOffsetMs }: { expiresAt: string; clockOffsetMs: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), second);
    return () => clearInterval(tick);
  }, []);
  const { days, time } = clock(timeLeftMs(expiresAt, clockOffsetMs, now));
  return (
    <p className="co-countdown">
      <span>{t("checkout.timeLeft")}</span>{" "}
      <span role="timer" className="co-countdown-value" data-testid="checkout-time-left">
        {days ? t("checkout.daysAndTime", { days, time }) : time}
      </span>
    </p>
  );
}
