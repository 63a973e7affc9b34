import { type ActorRefFrom, and, assign, enqueueActions, setup } from "xstate";

/** A tab of the tab bar (spec section 3). `name` is the route name and the tab's identity. */
export interface TabEntry {
  title: string;
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
}

export interface TabsContext {
  tabs: TabEntry[];
  active: string | null;
}

export type TabsEvent =
  | { type: "tab.visit"; tab: TabEntry }
  | { type: "tab.close"; name: string }
  | { type: "tab.closeOthers"; name: string }
  | { type: "tabs.reset" };

/** The console's home tab stays: closing everything always leaves somewhere to be. */
export const pinnedTab = "console";
/** Where the console goes when the closed tab was current and no other tab is open. */
export const pinnedTabPath = "/console/index";

/** Told to whoever shows the tabs: the current tab was closed, go to `to`. */
export type TabsEmitted = { type: "tabs.navigate"; to: string };

const neighbourOf = (tabs: TabEntry[], name: string): TabEntry | undefined => {
  const index = tabs.findIndex((t) => t.name === name);
  return tabs[index + 1] ?? tabs[index - 1];
};

export const tabsMachine = setup({
  types: {} as { context: TabsContext; events: TabsEvent; emitted: TabsEmitted },
  guards: {
    closable: ({ context, event }) =>
      event.type === "tab.close" && event.name !== pinnedTab && context.tabs.some((t) => t.name === event.name),
    closingActive: ({ context, event }) => event.type === "tab.close" && context.active === event.name,
    othersOpen: ({ context, event }) =>
      event.type === "tab.closeOthers" && context.tabs.some((t) => t.name !== event.name),
  },
}).createMachine({
  id: "tabs",
  context: { tabs: [], active: null },
  on: {
    "tab.visit": {
      actions: assign(({ context, event }) => {
        const known = context.tabs.some((t) => t.name === event.tab.name);
        const tabs = known
          ? context.tabs.map((t) => (t.name === event.tab.name ? event.tab : t))
          : [...context.tabs, event.tab];
        return { tabs, active: event.tab.name };
      }),
    },
    "tab.close": [
      {
        guard: and(["closable", "closingActive"]),
        actions: enqueueActions(({ context, event, enqueue }) => {
          const next = neighbourOf(context.tabs, event.name);
          enqueue.assign({ tabs: context.tabs.filter((t) => t.name !== event.name), active: next?.name ?? null });
          enqueue.emit({ type: "tabs.navigate", to: next?.fullPath ?? pinnedTabPath });
        }),
      },
      {
        guard: "closable",
        actions: assign({ tabs: ({ context, event }) => context.tabs.filter((t) => t.name !== event.name) }),
      },
    ],
    "tab.closeOthers": {
      guard: "othersOpen",
      actions: assign({
        tabs: ({ context, event }) => context.tabs.filter((t) => t.name === event.name || t.name === pinnedTab),
        active: ({ event }) => event.name,
      }),
    },
    // Logout resets the tabs (spec section 4).
    "tabs.reset": { actions: assign({ tabs: [], active: null }) },
  },
});

export type TabsActor = ActorRefFrom<typeof tabsMachine>;
