// npm run area-dry-run: a throwaway area ("notes", a merchant's notes list, scripts/area-dry-run/pieces.ts) added to a
// scratch worktree of HEAD with every piece in place, then one piece left out at a time (or done the wrong way): which
// checks of `npm run test:quick` fail. Prints the table CONTRIBUTING.md gives. Run by hand after changing a gate; about
// three minutes. Its pieces' anchors are checked in test:quick (scripts/area-dry-run.test.ts). It prints the files a new
// list area costs now and at two earlier commits (`befores`), each by that commit's pieces, and the registries the
// gates' first check writes from the area's files (scripts/registries.ts), which no piece edits.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { areaFiles } from "./area-dry-run/area-files.ts";
import { areaPieces } from "./area-dry-run/pieces.ts";
import { registries } from "./registries.ts";

// `--count`: print the files a new list area costs, and stop there.
const countOnly = process.argv.includes("--count");
const repo = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? process.cwd();
const root = mkdtempSync(join(tmpdir(), "area-dry-run-"));
rmSync(root, { recursive: true });
execFileSync("git", ["-C", repo, "worktree", "add", "--detach", root, "HEAD"], { stdio: "ignore" });
symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));

const pieces = areaPieces({
  read: (path) => readFileSync(join(root, path), "utf8"),
  write: (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  },
});

// The checks of test:quick a forgotten piece can trip (the rest of test:unit exercises behaviour, not the house).
const gateTests = [
  "scripts/architecture.test.ts",
  "scripts/route-table.test.ts",
  "contracts/endpoints.test.ts",
  "src/app/route-modules.test.ts",
  "model-tests/framework/machine-inventory.test.ts",
  "model-tests/framework/list-area-inventory.test.ts",
  "src/i18n/locales.test.ts",
  "server/db/migrations.test.ts",
];
const bin = (name: string) => join(root, "node_modules/.bin", name);

function failingChecks(): string[] {
  const failing: string[] = [];
  // The house rules over the whole tree (npm run test:house): each break, by file and rule.
  const house = spawnSync(process.execPath, ["scripts/house.ts"], { cwd: root, encoding: "utf8" });
  if (house.status !== 0)
    for (const line of house.stderr.split("\n").filter(Boolean))
      failing.push(`test:house: ${line.replace(/^house rule broken: /, "").slice(0, 140)}`);
  for (const [name, args] of [
    ["typecheck", ["--noEmit", "-p", "."]],
    ["typecheck (pure)", ["--noEmit", "-p", "tsconfig.pure.json"]],
  ] as const) {
    const run = spawnSync(bin("tsc"), args, { cwd: root, encoding: "utf8" });
    if (run.status !== 0) {
      const first = run.stdout.split("\n").find((line) => line.includes("error TS")) ?? "";
      failing.push(`${name}: ${first.replace(/^.*error TS\d+: /, "").slice(0, 110)}`);
    }
  }
  // The stage reporters (scripts/test-times/reporters.ts) write Jest-style JSON here.
  const report = join(root, "reports/test-times/test:unit.json");
  rmSync(report, { force: true });
  spawnSync(bin("vitest"), ["run", ...gateTests], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}` },
  });
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, "utf8")) as {
      testResults: Array<{ name: string; assertionResults: Array<{ status: string; title: string }> }>;
    };
    for (const file of results.testResults)
      for (const test of file.assertionResults)
        if (test.status === "failed") failing.push(`${file.name.replace(`${root}/`, "")}: "${test.title}"`);
  } else failing.push("vitest: no report");
  return failing;
}

function reset() {
  execFileSync("git", ["checkout", "--", "."], { cwd: root });
  execFileSync("git", ["clean", "-fdq", "-e", "node_modules"], { cwd: root });
}

/**
 * Earlier trees, each counted by its own pieces over its own files: before the wiring was derived from what exists,
 * and before the list model opened every list area of the registry (its start written by hand; those
 * pieces left out the area's walk, which the model's paths need: now its own piece).
 */
const befores = [
  { commit: "89e07bb8", what: "with the list model's start written by hand (and no walk)" },
  { commit: "639672a", what: "before the wiring was derived" },
];
const counted = (files: { added: string[]; edited: string[] }) =>
  `${files.added.length + files.edited.length} files (${files.added.length} new, ${files.edited.length} edited)`;
// The migration's number is the one after the last shipped at each commit: the same piece under two names.
const piece = (path: string) => path.replace(/migrations\/\d{4}-/, "migrations/00NN-");
const cost = areaFiles({ read: (path) => readFileSync(join(root, path), "utf8") });
const now = new Set([...cost.added, ...cost.edited].map(piece));
const lines = [`a new list area: ${counted(cost)}`];
for (const { commit, what } of befores) {
  const beforeRoot = mkdtempSync(join(tmpdir(), "area-dry-run-before-"));
  rmSync(beforeRoot, { recursive: true });
  execFileSync("git", ["-C", repo, "worktree", "add", "--detach", beforeRoot, commit], { stdio: "ignore" });
  try {
    const { areaFiles: areaFilesBefore } = (await import(
      join(beforeRoot, "scripts/area-dry-run/area-files.ts")
    )) as typeof import("./area-dry-run/area-files.ts");
    const then = areaFilesBefore({ read: (path) => readFileSync(join(beforeRoot, path), "utf8") });
    const gone = [...then.added, ...then.edited].filter((path) => !now.has(piece(path)));
    lines.push(`at ${commit}, ${what}: ${counted(then)}; no longer written since: ${gone.join(", ") || "none"}`);
  } finally {
    execFileSync("git", ["-C", repo, "worktree", "remove", "--force", beforeRoot]);
  }
}
console.log(`${lines.join("\n")}\n`);
if (countOnly) {
  execFileSync("git", ["-C", repo, "worktree", "remove", "--force", root]);
  process.exit(0);
}

try {
  for (const piece of pieces) piece.apply();
  const baseline = failingChecks();
  console.log(`every piece in place: ${baseline.length === 0 ? "all gates pass" : baseline.join("; ")}`);
  // test:house, the first of the gates, wrote these from the area's files (scripts/registries.ts): no piece does.
  const rewritten = execFileSync("git", ["diff", "--name-only"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((path) => registries.some((registry) => registry.file === path));
  console.log(`registries test:house rewrote from the area's files: ${rewritten.join(", ") || "none"}\n`);
  console.log("| piece forgotten | check that fails |\n|---|---|");
  for (const left of pieces) {
    reset();
    for (const piece of pieces) if (piece !== left) piece.apply();
    left.instead?.();
    const failing = failingChecks();
    console.log(
      `| ${left.file}${left.instead ? " (done the wrong way instead)" : ""} | ${failing.join("<br>") || "**none**"} |`,
    );
  }
} finally {
  execFileSync("git", ["-C", repo, "worktree", "remove", "--force", root]);
}
