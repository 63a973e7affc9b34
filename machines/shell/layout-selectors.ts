import type { SnapshotFrom } from "xstate";
import type { navDrawerMachine } from "./nav-drawer.ts";
import type { AppSettings, settingsMachine } from "./settings.ts";

/**
 * How the console's frame is laid out: the layout settings (spec section 2) read together with the width class of
 * the screen (the navDrawer machine). On a wide screen the settings mean what they always meant. On a narrow one:
 *
 * - `menu` off hides the menu as on a wide screen (no drawer, no menu button); on, the menu is in the drawer, whether
 *   `topMenu` is on or not (eleven entries do not fit across a phone);
 * - `menuCollapse` does not apply: the drawer always shows the labels; the navbar's first button opens the drawer;
 * - `menuWidth` is the drawer's width, capped so a strip of the page stays visible to tap outside it;
 * - `navbar` off leaves floating buttons for the menu and the settings;
 * - `tabBar` and `footer` mean what they mean on a wide screen (the tab bar scrolls sideways inside itself);
 * - theme, full screen, language and settings move from the navbar into the account menu; the message box opens as
 *   a full-screen sheet, the settings drawer and dialogs take the full width.
 *
 * The settings themselves are not changed by a narrow screen: turning the phone or widening the window brings the
 * wide layout back as it was set.
 */
export interface ShellLayout {
  narrow: boolean;
  /** Where the menu is: beside the page, along the top, in the off-canvas drawer, or nowhere. */
  menu: "side" | "top" | "drawer" | "none";
  /** The side menu shows its icons only. */
  collapsed: boolean;
  /** The navbar's first button: collapse the side menu, open the drawer, or none. */
  menuButton: "collapse" | "drawer" | "none";
  /** Theme, full screen, language and settings: buttons in the navbar, or items of the account menu. */
  tools: "navbar" | "accountMenu";
  /** With the navbar hidden: the floating buttons. */
  floatingSettings: boolean;
  floatingMenu: boolean;
  /** The message box: a popover under its bell, or a full-screen sheet. */
  messageBox: "popover" | "sheet";
  /** The settings drawer's width: its own (300 px), or the screen's. */
  settingsDrawer: "side" | "fullWidth";
}

type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;

/** The screen is below the breakpoint (a snapshot of the navDrawer machine). */
export const selectNarrow = (viewport: SnapshotFrom<typeof navDrawerMachine>): boolean => viewport.hasTag("narrow");

/** The frame's layout from the settings and the screen's width (two machines': useShellLayout combines their selections). */
export function shellLayoutOf(settings: AppSettings, narrow: boolean): ShellLayout {
  const menu = !settings.menu ? "none" : narrow ? "drawer" : settings.topMenu ? "top" : "side";
  return {
    narrow,
    menu,
    collapsed: menu === "side" && settings.menuCollapse,
    menuButton: menu === "side" ? "collapse" : menu === "drawer" ? "drawer" : "none",
    tools: narrow ? "accountMenu" : "navbar",
    floatingSettings: !settings.navbar,
    floatingMenu: !settings.navbar && menu === "drawer",
    messageBox: narrow ? "sheet" : "popover",
    settingsDrawer: narrow ? "fullWidth" : "side",
  };
}

/** The drawer's width: the menu width setting, leaving at least 48 px of the page to tap outside. */
export const selectNavDrawerWidth = ({ context: { settings } }: SettingsSnapshot): string =>
  `min(${settings.menuWidth}px, calc(100vw - 48px))`;
