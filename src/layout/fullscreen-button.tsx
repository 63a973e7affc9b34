import { Button } from "@blueprintjs/core";
import { Maximize, Minimize } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = full ? t("navbar.exitFullscreen") : t("navbar.fullscreen");
  return (
    <Button
      variant="minimal"
      icon={full ? <Minimize /> : <Maximize />}
      aria-label={label}
      title={label}
      onClick={() => void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen())}
    />
  );
}
