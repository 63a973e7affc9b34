import { useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { type ShellLayout, selectNarrow, shellLayoutOf } from "../../machines/shell/layout-selectors.ts";
import { useNavDrawerActor, useSettingsActor } from "../app/services-context.tsx";

/** The frame's layout as the settings and the width of the screen make it (machines/shell/layout-selectors.ts). */
export function useShellLayout(): ShellLayout {
  const settings = useSettingsActor();
  const navDrawer = useNavDrawerActor();
  const values = useSelector(settings, (s) => s.context.settings);
  const narrow = useSelector(navDrawer, selectNarrow);
  return useMemo(() => shellLayoutOf(values, narrow), [values, narrow]);
}

/** Tells the navDrawer machine about every change of page (it closes the drawer). */
export function useNavigationReport() {
  const navDrawer = useNavDrawerActor();
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new location (its key) is a navigation, even to the same path
  useEffect(() => navDrawer.send({ type: "nav.navigated" }), [key, navDrawer]);
}
