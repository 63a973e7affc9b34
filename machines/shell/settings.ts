/**
 * The app settings: every change applies at once and is kept; the drawer; the server menu.
 *
 * The server menu exists only for a signed-in merchant, and the session actor is the one that knows. The machine
 * gets that actor as input: it reads its snapshot once, to boot, and an invoked actor (`followSession`) subscribed
 * to it turns later sign-ins and sign-outs into `session.signedIn` / `session.signedOut`. Signed in or out is then a
 * state of the `serverMenu` region, not a copied flag, and no one outside the machine has to keep it informed.
 * Guards that read the session at every event were the other way; they would make the machine's behaviour depend on
 * something outside its snapshot and its events, which neither the unit tests nor the generated model paths can drive.
 */
import { type ActorRefFrom, assign, fromCallback, fromPromise, type Subscribable, setup } from "xstate";
import * as z from "zod/mini";
import type { MenuItem } from "../../contracts/schemas/user.ts";
import { type Failure, toFailure } from "../api-failure.ts";

/** The menu width the drawer offers, in px (the default 220 of spec section 9 lies inside). */
export const menuWidthRange = { min: 160, max: 400, step: 10 } as const;

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
  menuWidth: z.number().check(z.int(), z.gte(menuWidthRange.min), z.lte(menuWidthRange.max)),
  colorWeak: z.boolean(),
  menuCollapse: z.boolean(),
  /** The columns each list shows, as the merchant chose them (list name → column keys, in order); absent: its own. */
  listColumns: z.record(
    z.string().check(z.maxLength(40)),
    z.array(z.string().check(z.maxLength(40))).check(z.maxLength(40)),
  ),
});
export type AppSettings = z.infer<typeof appSettings>;
export type SettingKey = keyof AppSettings;

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
  listColumns: {},
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

/** A change of one setting, as the merchant made it: the value's type follows the key. */
export type SettingChange = {
  [K in SettingKey]: { type: "setting.change"; key: K; value: AppSettings[K] };
}[SettingKey];

/** The settings after a change: the colour picker's lower-case hex is stored upper case, like the default. */
export function applyChange(settings: AppSettings, change: SettingChange): AppSettings {
  const next = { ...settings, [change.key]: change.key === "themeColor" ? change.value.toUpperCase() : change.value };
  // Switching the top menu on or off also un-collapses the side menu (spec section 4).
  return change.key === "topMenu" ? { ...next, menuCollapse: false } : next;
}

/** What settings reads of the session: a merchant is signed in while the session holds a token. */
export interface SessionView {
  context: { token: string | null };
}
export type SessionSource = Subscribable<SessionView> & { getSnapshot(): SessionView };

const isSignedIn = (session: SessionView) => session.context.token !== null;

export type SettingsEvent =
  | SettingChange
  | { type: "theme.toggle" }
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "serverMenu.retry" }
  // Sent by the invoked followSession actor.
  | { type: "session.signedIn" }
  | { type: "session.signedOut" };

export interface SettingsContext {
  settings: AppSettings;
  session: SessionSource;
  serverMenu: MenuItem[] | null;
  failure: Failure | null;
}

export interface SettingsInput {
  settings: AppSettings;
  session: SessionSource;
}

/** What the views read: the drawer is open (globalSettings of the spec); the server menu is on its way, or failed. */
export type SettingsTag = "drawerOpen" | "menuLoading" | "menuFailed";

const persist = {
  type: "persist",
  params: ({ context }: { context: SettingsContext }) => ({ settings: context.settings }),
} as const;
const save = ["applyChange", persist] as const;
// A region that handles an event hides it from the parallel root (XState runs the root's handler only when no
// region has one), so switching the server menu off saves the change here as well.
const switchedOff = { guard: "switchesMenuFromServerOff", target: "off", actions: save } as const;

export const settingsMachine = setup({
  types: {} as { context: SettingsContext; events: SettingsEvent; input: SettingsInput; tags: SettingsTag },
  actors: {
    fetchMenu: fromPromise<MenuItem[]>(async () => {
      throw new Error("fetchMenu is provided by the app");
    }),
    followSession: fromCallback<SettingsEvent, { session: SessionSource }>(({ input, sendBack }) => {
      let signedIn = isSignedIn(input.session.getSnapshot());
      const subscription = input.session.subscribe((snapshot) => {
        if (isSignedIn(snapshot) === signedIn) return;
        signedIn = !signedIn;
        sendBack({ type: signedIn ? "session.signedIn" : "session.signedOut" });
      });
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    persist: (_, _params: { settings: AppSettings }) => {},
    announceMenuLoading: () => {},
    announceMenuLoaded: () => {},
    announceMenuFailed: () => {},
    forgetServerMenu: assign({ serverMenu: null, failure: null }),
    applyChange: assign({
      settings: ({ context, event }) =>
        event.type === "setting.change" ? applyChange(context.settings, event) : context.settings,
    }),
  },
  guards: {
    validChange: ({ context, event }) =>
      event.type === "setting.change" && appSettings.safeParse(applyChange(context.settings, event)).success,
    sessionSignedIn: ({ context }) => isSignedIn(context.session.getSnapshot()),
    menuFromServerOn: ({ context }) => context.settings.menuFromServer,
    switchesMenuFromServerOff: ({ event }) =>
      event.type === "setting.change" && event.key === "menuFromServer" && !event.value,
  },
}).createMachine({
  id: "settings",
  context: ({ input }) => ({ settings: input.settings, session: input.session, serverMenu: null, failure: null }),
  type: "parallel",
  invoke: { id: "followSession", src: "followSession", input: ({ context }) => ({ session: context.session }) },
  on: {
    // Each change applies at once and is kept (spec section 4); an invalid value changes nothing.
    "setting.change": { guard: "validChange", actions: save },
    "theme.toggle": {
      actions: [
        assign({
          settings: ({ context }) => ({
            ...context.settings,
            theme: context.settings.theme === "dark" ? ("light" as const) : ("dark" as const),
          }),
        }),
        persist,
      ],
    },
  },
  states: {
    drawer: {
      initial: "closed",
      states: {
        closed: { on: { "drawer.open": "open" } },
        open: { tags: "drawerOpen", on: { "drawer.close": "closed" } },
      },
    },
    // The server menu follows menuFromServer while a merchant is signed in; logout clears it (spec section 4).
    serverMenu: {
      initial: "boot",
      states: {
        boot: { always: [{ guard: "sessionSignedIn", target: "signedIn" }, { target: "signedOut" }] },
        signedOut: { on: { "session.signedIn": "signedIn" } },
        signedIn: {
          initial: "off",
          on: { "session.signedOut": "signedOut" },
          exit: "forgetServerMenu",
          states: {
            // Never a resting state while menuFromServer is on: entered at boot, at sign-in or by the switch, it loads.
            off: {
              entry: "forgetServerMenu",
              always: { guard: "menuFromServerOn", target: "loading" },
            },
            loading: {
              tags: "menuLoading",
              entry: "announceMenuLoading",
              on: { "setting.change": switchedOff },
              invoke: {
                id: "fetchMenu",
                src: "fetchMenu",
                onDone: {
                  target: "ready",
                  actions: [assign({ serverMenu: ({ event }) => event.output }), "announceMenuLoaded"],
                },
                onError: {
                  target: "failed",
                  actions: [assign({ failure: ({ event }) => toFailure(event.error) }), "announceMenuFailed"],
                },
              },
            },
            ready: { on: { "setting.change": switchedOff } },
            failed: {
              tags: "menuFailed",
              on: { "setting.change": switchedOff, "serverMenu.retry": "loading" },
            },
          },
        },
      },
    },
  },
});

export type SettingsActor = ActorRefFrom<typeof settingsMachine>;
