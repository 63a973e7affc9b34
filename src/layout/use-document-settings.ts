import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { selectNarrow } from "../../machines/shell/layout-selectors.ts";
import type { NavDrawerActor } from "../../machines/shell/nav-drawer.ts";
import type { SettingsActor } from "../../machines/shell/settings.ts";
import { ensureThemeStyles } from "../app/full-styles.ts";

/** Puts the theme, the colour and colour-weak mode on the page itself, so portals and overlays follow. */
export function useDocumentSettings(settings: SettingsActor) {
  const values = useSelector(settings, (s) => s.context.settings);
  useEffect(() => {
    const root = document.documentElement;
    const dark = values.theme === "dark";
    void ensureThemeStyles(dark);
    root.classList.toggle("bp6-dark", dark);
    document.body.classList.toggle("bp6-dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    root.style.setProperty("--mc-primary", values.themeColor);
    root.style.setProperty("--mc-menu-width", `${values.menuWidth}px`);
    root.style.filter = values.colorWeak ? "invert(80%)" : "";
  }, [values]);
}

/** Marks the page narrow while the navDrawer machine says so: dialogs and drawers, portalled outside the frame, follow. */
export function useDocumentViewport(navDrawer: NavDrawerActor) {
  const narrow = useSelector(navDrawer, selectNarrow);
  useEffect(() => {
    document.documentElement.classList.toggle("mc-narrow", narrow);
  }, [narrow]);
}
