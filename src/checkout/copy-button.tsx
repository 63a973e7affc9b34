import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const shownForMs = 2_000;

/** Copies a value, and says so (or that it could not) in a polite live region beside the button. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<"copied" | "failed" | null>(null);
  useEffect(() => {
    if (result !== "copied") return;
    const hide = setTimeout(() => setResult(null), shownForMs);
    return () => clearTimeout(hide);
  }, [result]);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setResult("copied"),
      () => setResult("failed"),
    );
  return (
    <span className="co-copy">
      <button type="button" className="co-button co-button-quiet" onClick={copy} data-testid={testId}>
        {label}
      </button>
      <span role="status" className="co-copy-result">
        {result === "copied" ? t("checkout.copied") : result === "failed" ? t("checkout.copyFailed") : ""}
      </span>
    </span>
  );
}
