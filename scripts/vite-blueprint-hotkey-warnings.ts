// Blueprint's hotkeys code, which its Table uses (src/ui/list-grid.tsx: the bills' and transactions' grids), takes two
// of its warnings from core's module of messages (lib/esm/common/errors.js). The build copies that small module into
// every chunk that uses any message — /login's page among them — and each copy holds every message some page uses: the
// table would put its two warnings into /login's bytes (131 B at gzip level 9). Here the two hotkeys modules hold
// their own warning, the same words read from the messages module, so the copies hold neither. `vite dev` serves the
// files as published.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const messagesFile = createRequire(import.meta.url).resolve("@blueprintjs/core/lib/esm/common/errors.js");

/** Each hotkeys module, the import of a message it makes, and what takes the import's place. */
const users = [
  {
    file: "/@blueprintjs/core/lib/esm/hooks/hotkeys/useHotkeys.js",
    imports: 'import { HOTKEYS_PROVIDER_NOT_FOUND } from "../../common/errors";',
    own: (text: (name: string) => string) =>
      `const HOTKEYS_PROVIDER_NOT_FOUND = ${text("HOTKEYS_PROVIDER_NOT_FOUND")};`,
  },
  {
    file: "/@blueprintjs/core/lib/esm/components/hotkeys/hotkeysTarget.js",
    imports: 'import * as Errors from "../../common/errors";',
    own: (text: (name: string) => string) =>
      `const Errors = { HOTKEYS_TARGET_CHILDREN_LOCAL_HOTKEYS: ${text("HOTKEYS_TARGET_CHILDREN_LOCAL_HOTKEYS")} };`,
  },
];

/** A message of the messages module as a string literal: its namespace and its words. */
function messageText(source: string, name: string): string {
  const ns = /^const ns = "([^"]*)";$/m.exec(source)?.[1];
  const words = new RegExp(`^export const ${name} = ns \\+\\s*\`([^\`$]*)\`;$`, "m").exec(source)?.[1];
  if (ns === undefined || words === undefined)
    throw new Error(`${messagesFile} no longer defines ${name} as ns + a text: update ${import.meta.url}`);
  return JSON.stringify(ns + words);
}

export function blueprintHotkeyWarnings(): Plugin {
  let messages: string | undefined;
  return {
    name: "blueprint-hotkey-warnings",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? "";
      const user = users.find((candidate) => file.endsWith(candidate.file));
      if (!user) return null;
      if (!code.includes(user.imports))
        throw new Error(`${file} no longer imports its warning as "${user.imports}": update ${import.meta.url}`);
      messages ??= readFileSync(messagesFile, "utf8");
      const source = messages;
      return {
        code: code.replace(
          user.imports,
          user.own((name) => messageText(source, name)),
        ),
        map: null,
      };
    },
  };
}
