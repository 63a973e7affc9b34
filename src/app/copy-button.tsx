import { Button } from "@blueprintjs/core";
import { Duplicate, Tick } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "./services-context.tsx";
import "../ui/visually-hidden.css";

/** How long the button shows its tick after a copy. */
const saidForMs = 2000;

/**
 * Copies a value to the clipboard and says so: a toast, and on the button itself a tick and a status for screen
 * readers, which is all it says where toasts are hushed (over an application's credentials, `useHushedToasts`).
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), saidForMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      notify.success(t("common.copySuccess"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  };
  return (
    <>
      <Button
        variant="minimal"
        size="small"
        icon={copied ? <Tick /> : <Duplicate />}
        intent={copied ? "success" : "none"}
        aria-label={label}
        title={label}
        onClick={copy}
      />
      <span role="status" className="visually-hidden">
        {copied ? t("common.copySuccess") : ""}
      </span>
    </>
  );
}
