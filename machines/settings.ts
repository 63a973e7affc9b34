import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import * as z from "zod/mini";
import type { MenuItem } from "../contracts/schemas/user.ts";
import { type Failure, toFailure } from "./api-failure.ts";

/** App settings of spec section 3, with the layout defaults of section 2. */
export const appSettings = z.object({
  theme: z.enum(["light", "dark"]),
  themeColor: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  navbar: z.boolean(),
  menu: z.boolean(),
  topMenu: z.boolean(),
  footer: z.boolean(),
  tabBar: z.boolean(),
  menuFromServer: z.boolean(),
  menuWidth: z.number().check(z.int(), z.gte(160), z.lte(400)),
  colorWeak: z.boolean(),
  menuCollapse: z.boolean(),
});
export type AppSettings = z.infer<typeof appSettings>;

export const defaultSettings: AppSettings = {
  theme: "light",
  themeColor: "#165DFF",
  navbar: true,
  menu: true,
  topMenu: false,
  footer: true,
  tabBar: false,
  menuFromServer: false,
  menuWidth: 220,
  colorWeak: false,
  menuCollapse: false,
};

/** Settings read back from storage: anything unreadable falls back to the default, field by field. */
export function restoreSettings(stored: unknown): AppSettings {
  const source = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const restored = { ...defaultSettings } as Record<string, unknown>;
  for (const key of Object.keys(defaultSettings)) {
    const candidate = { ...defaultSettings, [key]: source[key] };
    if (appSettings.safeParse(candidate).success) restored[key] = source[key];
  }
  return restored as AppSettings;
}

type SettingKey = Exclude<keyof AppSettings, "menuFromServer" | "topMenu">;
export type SettingsEvent =
  | { type: "setting.change"; key: SettingKey; value: AppSettings[SettingKey] }
  | { type: "topMenu.change"; value: boolean }
  | { type: "menuFromServer.change"; value: boolean }
  | { type: "theme.toggle" }
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "serverMenu.retry" }
  | { type: "session.signedIn" }
  | { type: "session.signedOut" };

export interface SettingsContext {
  settings: AppSettings;
  /** globalSettings of the spec: the drawer is visible. */
  drawerOpen: boolean;
  signedIn: boolean;
  serverMenu: MenuItem[] | null;
  failure: Failure | null;
}

const saveMenuFromServer = ["recordMenuFromServer", { type: "persist", params: ({ context }: { context: SettingsContext }) => ({ settings: context.settings }) }] as const;

const validChange = (settings: AppSettings, key: string, value: unknown) => appSettings.safeParse({ ...settings, [key]: value }).success;

export const settingsMachine = setup({
  types: {} as { context: SettingsContext; events: SettingsEvent; input: { settings: AppSettings; signedIn: boolean } },
  actors: {
    fetchMenu: fromPromise<MenuItem[]>(async () => {
      throw new Error("fetchMenu is provided by the app");
    }),
  },
  actions: {
    persist: (_, _params: { settings: AppSettings }) => {},
    announceMenuLoading: () => {},
    announceMenuLoaded: () => {},
    announceMenuFailed: () => {},
    recordMenuFromServer: assign({
      settings: ({ context, event }) => (event.type === "menuFromServer.change" ? { ...context.settings, menuFromServer: event.value } : context.settings),
    }),
  },
  guards: {
    validChange: ({ context, event }) => event.type === "setting.change" && validChange(context.settings, event.key, event.value),
    turnsOnSignedIn: ({ context, event }) => event.type === "menuFromServer.change" && event.value && context.signedIn,
    turnsOff: ({ event }) => event.type === "menuFromServer.change" && !event.value,
    menuFromServerSaved: ({ context }) => context.settings.menuFromServer,
    wantsServerMenu: ({ context }) => context.settings.menuFromServer && context.signedIn,
  },
}).createMachine({
  id: "settings",
  context: ({ input }) => ({ settings: input.settings, signedIn: input.signedIn, drawerOpen: false, serverMenu: null, failure: null }),
  type: "parallel",
  on: {
    // Each toggle applies at once and is kept (spec section 4).
    "setting.change": {
      guard: "validChange",
      actions: [
        assign({ settings: ({ context, event }) => ({ ...context.settings, [event.key]: event.value }) }),
        { type: "persist", params: ({ context }) => ({ settings: context.settings }) },
      ],
    },
    "theme.toggle": {
      actions: [
        assign({ settings: ({ context }) => ({ ...context.settings, theme: context.settings.theme === "dark" ? ("light" as const) : ("dark" as const) }) }),
        { type: "persist", params: ({ context }) => ({ settings: context.settings }) },
      ],
    },
    // Switching the top menu also un-collapses the side menu.
    "topMenu.change": {
      actions: [
        assign({ settings: ({ context, event }) => ({ ...context.settings, topMenu: event.value, menuCollapse: false }) }),
        { type: "persist", params: ({ context }) => ({ settings: context.settings }) },
      ],
    },
  },
  states: {
    drawer: {
      initial: "closed",
      states: {
        closed: { on: { "drawer.open": { target: "open", actions: assign({ drawerOpen: true }) } } },
        open: { on: { "drawer.close": { target: "closed", actions: assign({ drawerOpen: false }) } } },
      },
    },
    // The server menu exists only for a signed-in merchant; logout clears it (spec section 4).
    serverMenu: {
      initial: "boot",
      on: {
        "session.signedOut": { target: ".off", actions: assign({ signedIn: false, serverMenu: null, failure: null }) },
      },
      states: {
        boot: {
          always: [{ guard: "wantsServerMenu", target: "loading" }, { target: "off" }],
        },
        off: {
          on: {
            "menuFromServer.change": [
              { guard: "turnsOnSignedIn", target: "loading", actions: saveMenuFromServer },
              { actions: saveMenuFromServer },
            ],
            "session.signedIn": [
              { guard: "menuFromServerSaved", target: "loading", actions: assign({ signedIn: true }) },
              { actions: assign({ signedIn: true }) },
            ],
          },
        },
        loading: {
          entry: "announceMenuLoading",
          invoke: {
            id: "fetchMenu",
            src: "fetchMenu",
            onDone: { target: "ready", actions: [assign({ serverMenu: ({ event }) => event.output, failure: null }), "announceMenuLoaded"] },
            onError: { target: "failed", actions: [assign({ failure: ({ event }) => toFailure(event.error) }), "announceMenuFailed"] },
          },
          on: { "menuFromServer.change": { guard: "turnsOff", target: "off", actions: saveMenuFromServer } },
        },
        ready: {
          on: { "menuFromServer.change": { guard: "turnsOff", target: "off", actions: [...saveMenuFromServer, assign({ serverMenu: null })] } },
        },
        failed: {
          on: {
            "serverMenu.retry": "loading",
            "menuFromServer.change": { guard: "turnsOff", target: "off", actions: saveMenuFromServer },
          },
        },
      },
    },
  },
});

export type SettingsActor = ActorRefFrom<typeof settingsMachine>;
