import type { Locale } from "../../contracts/schemas/fields.ts";
import { defaultSettings } from "../../machines/shell/settings.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { settingsStorageKey } from "../../src/app/settings-service.ts";
import { type Answers, createControlledApi } from "../framework/fake-api.ts";
import { renderConsole } from "../framework/render-console.tsx";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { signedInAnswers } from "./signed-in.ts";

/**
 * A list's page of the signed-in merchant in `locale`, every column of `list` shown (`columns`, as chosen under
 * Columns), its calls answered by `answers`: the screen an export is read beside (contracts/exports).
 */
export function renderListIn(options: {
  url: string;
  locale: Locale;
  list: string;
  columns: readonly string[];
  answers: Answers;
}) {
  const fake = createControlledApi([], { ...signedInAnswers, ...options.answers });
  return renderConsole({
    url: options.url,
    api: fake.api,
    locale: options.locale,
    storage: {
      [storageKeys.token]: loginResult.accessToken,
      [storageKeys.user]: JSON.stringify({ ...storedUser, language: options.locale }),
      [settingsStorageKey]: JSON.stringify({ ...defaultSettings, listColumns: { [options.list]: options.columns } }),
    },
  });
}
