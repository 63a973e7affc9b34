import { Button, MenuItem } from "@blueprintjs/core";
import { Maximize, Minimize } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Full screen as the browser has it: available or not, on or off, and the switch. */
function useFullscreen() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  return {
    available: document.fullscreenEnabled,
    icon: full ? <Minimize /> : <Maximize />,
    label: full ? t("navbar.exitFullscreen") : t("navbar.fullscreen"),
    toggle: () => void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()),
  };
}

export function FullscreenButton() {
  const { available, icon, label, toggle } = useFullscreen();
  if (!available) return null;
  return <Button variant="minimal" icon={icon} aria-label={label} title={label} onClick={toggle} />;
}

/** The same switch as an item of the account menu (narrow screens). */
export function FullscreenMenuItem() {
  const { available, icon, label, toggle } = useFullscreen();
  if (!available) return null;
  return <MenuItem icon={icon} text={label} onClick={toggle} />;
}
