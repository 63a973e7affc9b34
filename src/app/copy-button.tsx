import { Button } from "@blueprintjs/core";
import { Duplicate } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { useNotify } from "./services-context.tsx";

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t("common.copySuccess"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  };
  return <Button variant="minimal" size="small" icon={<Duplicate />} aria-label={label} title={label} onClick={copy} />;
}
