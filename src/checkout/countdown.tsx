import { useTranslation } from "react-i18next";

const two = (n: number) => String(n).padStart(2, "0");

function clock(ms: number): { days: number; time: string } {
  const total = Math.ceil(ms / 1_000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const time = `${hours || days ? `${two(hours)}:` : ""}${two(minutes)}:${two(total % 60)}`;
  return { days, time };
}

/** The time left to pay (the page's machine ticks it); a timer, so screen readers read it when asked, not every second. */
export function Countdown({ timeLeftMs }: { timeLeftMs: number }) {
  const { t } = useTranslation();
  const { days, time } = clock(timeLeftMs);
  return (
    <p className="co-countdown">
      <span>{t("checkout.timeLeft")}</span>{" "}
      <span role="timer" className="co-countdown-value" data-testid="checkout-time-left">
        {days ? t("checkout.daysAndTime", { days, time }) : time}
      </span>
    </p>
  );
}
