import type { ListScreen } from "./list-screens/list-screen.ts";

export type { ListScreen } from "./list-screens/list-screen.ts";

const files = import.meta.glob<Record<string, ListScreen>>(["./list-screens/*.ts", "!./list-screens/list-screen.ts"], {
  eager: true,
});

/**
 * What the list model's harness checks and does that is an area's own, by the area's name: each file of list-screens/
 * is named after its area and exports its one screen, so a new list adds its file and nothing here.
 */
export const listScreens: Readonly<Record<string, ListScreen>> = Object.fromEntries(
  Object.entries(files).map(([path, exports]) => {
    const [screen, ...more] = Object.values(exports);
    if (!screen || more.length > 0) throw new Error(`${path} must export its area's one screen`);
    return [path.replace(/^.*\/([\w-]+)\.ts$/, "$1"), screen];
  }),
);
