import { Card, H1, H2, ProgressBar } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUsdt } from "../../i18n/format.ts";
import { PublicLayout } from "./public-layout.tsx";

const demoSeconds = 15 * 60;
const demoAddress = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";

/** What a merchant's customer sees at checkout: amount, address and the time left to pay. */
export default function DemoPage() {
  const { t, i18n } = useTranslation();
  const [left, setLeft] = useState(demoSeconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, []);
  const amount = formatUsdt(49.9, i18n.language);
  const clock = `${String(Math.floor(left / 60)).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}`;
  return (
    <PublicLayout>
      <section className="hero">
        <H1>{t("demo.title")}</H1>
        <p className="hero-lead">{t("demo.lead")}</p>
      </section>
      <Card className="pack-card">
        <H2>{t("demo.amount", { amount })}</H2>
        <p>
          {t("demo.address")}: <code>{demoAddress}</code>
        </p>
        <p aria-live="off">{t("demo.timeLeft", { time: clock })}</p>
        <ProgressBar value={left / demoSeconds} stripes={false} intent="primary" aria-label={t("demo.timeLeft", { time: clock })} />
      </Card>
    </PublicLayout>
  );
}
