import { useSelector } from "@xstate/react";
import { selectListColumns } from "../../machines/shell/settings-selectors.ts";
import { useSettingsActor } from "./services-context.tsx";

/**
 * The columns a list shows as the merchant chose them, kept with the other settings (machines/shell/settings.ts):
 * `chosen` is null until a choice is made (the list shows its own), `choose(null)` goes back to them.
 */
export function useListColumns(list: string) {
  const settings = useSettingsActor();
  const all = useSelector(settings, selectListColumns);
  const choose = (keys: readonly string[] | null) => {
    const others = Object.fromEntries(
      Object.entries(all)
        .filter(([name]) => name !== list)
        .map(([name, shown]) => [name, [...shown]]),
    );
    settings.send({
      type: "setting.change",
      key: "listColumns",
      value: keys === null ? others : { ...others, [list]: [...keys] },
    });
  };
  return { chosen: all[list] ?? null, choose };
}
