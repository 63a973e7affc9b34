import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const csvFile = fileURLToPath(new URL("./csv-file.ts", import.meta.url));

/** A process that writes two files (the second ends with its thread's error) and then has nothing left to do. */
const script = `
import { csvText } from ${JSON.stringify(csvFile)};
const batches = (rows) => (async function* () { yield rows; })();
let text = "";
for await (const chunk of csvText(["name"], { fileName: "a.csv", batches: batches([{ name: "first" }]) })) text += chunk;
const loop = { name: "loop" };
loop.name = loop;
try {
  for await (const chunk of csvText(["name"], { fileName: "b.csv", batches: batches([loop]) })) text += chunk;
} catch (error) {
  text += "failed";
}
process.stdout.write(JSON.stringify(text));
`;

describe("the CSV writer's thread", () => {
  it("keeps the process alive only while a file is written: after the last, failed or not, the process ends", async () => {
    const folder = mkdtempSync(join(tmpdir(), "csv-thread-"));
    try {
      writeFileSync(join(folder, "two-files.mjs"), script);
      const output = await new Promise<string>((resolve, reject) =>
        // Killed, and failed, if it is still running after 20 s.
        execFile(process.execPath, [join(folder, "two-files.mjs")], { timeout: 20_000 }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        ),
      );
      // The second file had its header out before its row failed.
      expect(JSON.parse(output)).toBe("name\nfirst\nname\nfailed");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
