import { navDrawerMachine } from "../../machines/shell/nav-drawer.ts";
import type { MachineModel } from "../framework/model.ts";

/** The page the menu drawer's step goes to: the user centre needs nothing from the server but the profile. */
export const drawerDestination = { label: "menu.userCentre", path: "/user/center" } as const;

export const navDrawerModel: MachineModel<typeof navDrawerMachine> = {
  id: "navDrawer",
  walks: true,
  machine: navDrawerMachine,
  starts: [{ name: "signed in, wide screen", input: undefined }],
  events: (s) => {
    if (s.matches("wide")) return [{ type: "viewport.changed", narrow: true }];
    if (s.hasTag("navOpen"))
      return [{ type: "nav.close" }, { type: "nav.navigated" }, { type: "viewport.changed", narrow: false }];
    return [{ type: "nav.open" }, { type: "viewport.changed", narrow: false }];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "viewport.changed":
        return e.narrow
          ? "Narrow the window below 1024 px (or open the console on a phone)"
          : "Widen the window to 1024 px or more";
      case "nav.open":
        return "Press the menu button at the left of the navbar";
      case "nav.close":
        return "Press Escape (or tap outside the menu)";
      case "nav.navigated":
        return "Tap User centre in the menu";
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("wide"))
      return "The menu beside the page; theme, full screen, language and Page settings in the navbar";
    if (s.hasTag("navOpen")) return "The menu slides in from the left over the page";
    return "No menu beside the page: a menu button in the navbar; theme, full screen, language and settings in the account menu";
  },
  excluded: [],
};
