import { type ActorRefFrom, and, assign, setup } from "xstate";

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

const neighbourOf = (tabs: TabEntry[], name: string): string | null => {
  const index = tabs.findIndex((t) => t.name === name);
  const next = tabs[index + 1] ?? tabs[index - 1];
  return next ? next.name : null;
};

export const tabsMachine = setup({
  types: {} as { context: TabsContext; events: TabsEvent },
  guards: {
    closable: ({ context, event }) => event.type === "tab.close" && event.name !== pinnedTab && context.tabs.some((t) => t.name === event.name),
    closingActive: ({ context, event }) => event.type === "tab.close" && context.active === event.name,
  },
}).createMachine({
  id: "tabs",
  context: { tabs: [], active: null },
  on: {
    "tab.visit": {
      actions: assign(({ context, event }) => {
        const known = context.tabs.some((t) => t.name === event.tab.name);
        const tabs = known ? context.tabs.map((t) => (t.name === event.tab.name ? event.tab : t)) : [...context.tabs, event.tab];
        return { tabs, active: event.tab.name };
      }),
    },
    "tab.close": [
      {
        guard: and(["closable", "closingActive"]),
        actions: assign(({ context, event }) => ({
          tabs: context.tabs.filter((t) => t.name !== event.name),
          active: neighbourOf(context.tabs, event.name),
        })),
      },
      { guard: "closable", actions: assign({ tabs: ({ context, event }) => context.tabs.filter((t) => t.name !== event.name) }) },
    ],
    "tab.closeOthers": {
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
