import { sideMenu } from "../../contracts/console-routes.ts";
import type { MenuItem } from "../../contracts/schemas/user.ts";
import type { SnapshotFrom } from "xstate";
import type { settingsMachine } from "./settings.ts";

type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;

/** The menu shows beside the page: on, and not moved to the top. */
export const selectSideMenuVisible = ({ context }: SettingsSnapshot): boolean =>
  context.settings.menu && !context.settings.topMenu;

/** The menu shows as a bar under the navbar. */
export const selectTopMenuVisible = ({ context }: SettingsSnapshot): boolean =>
  context.settings.menu && context.settings.topMenu;

/** The entries of the menu: the server's when it sent one (menuFromServer), else the built-in menu. */
export const selectMenu = ({ context }: SettingsSnapshot): readonly MenuItem[] => context.serverMenu ?? sideMenu;

/** The columns each list shows as the merchant chose them (list name → column keys); a list not in it shows its own. */
export const selectListColumns = ({ context }: SettingsSnapshot): Readonly<Record<string, readonly string[]>> =>
  context.settings.listColumns;
