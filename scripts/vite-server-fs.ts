import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { searchForWorkspaceRoot } from "vite";

/**
 * The folders Vite may serve files from, for the console (vite.config.ts) and the model tests: src/app/full-styles.ts
 * imports Blueprint's stylesheet with ?url, which Vite serves only from allowed folders; where node_modules is a link
 * (a git worktree sharing another's), its real folder too. A file of its own so that the model tests' configuration
 * need not load the console's, which parses the server's imports for test:unit's database tests.
 */
export function consoleServerFs(): { allow: string[] } {
  return {
    allow: [
      searchForWorkspaceRoot(process.cwd()),
      realpathSync(fileURLToPath(new URL("../node_modules", import.meta.url))),
    ],
  };
}
