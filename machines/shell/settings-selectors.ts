import { sideMenu } from "../../contracts/console-routes.ts";
import type { MenuItem } from "../../contracts/schemas/user.ts";
import type { SettingsContext } from "./settings.ts";

type SettingsView = { context: Pick<SettingsContext, "settings"> };

/** The menu shows beside the page: on, and not moved to the top. */
export const selectSideMenuVisible = ({ context }: SettingsView): boolean =>
  context.settings.menu && !context.settings.topMenu;

/** The menu shows as a bar under the navbar. */
export const selectTopMenuVisible = ({ context }: SettingsView): boolean =>
  context.settings.menu && context.settings.topMenu;

/** The entries of the menu: the server's when it sent one (menuFromServer), else the built-in menu. */
export const selectMenu = ({ context }: { context: Pick<SettingsContext, "serverMenu"> }): readonly MenuItem[] =>
  context.serverMenu ?? sideMenu;
