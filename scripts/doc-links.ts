import { existsSync, globSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown text's headings (outside code fences), a repeated one numbered as GitHub numbers it. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The links `[text](target)` of a Markdown text, outside code fences and inline code. */
export function linksOf(markdown: string): string[] {
  let fenced = false;
  const links: string[] = [];
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push(match[1]!);
  }
  return links;
}

/**
 * Every link of the Markdown files `files` (relative to `root`) to a file that does not exist or a heading that does
 * not exist, as "file: link". Links out of the repository (a scheme such as https:) are not followed.
 */
export function brokenLinks(root: string, files: readonly string[]): string[] {
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    for (const link of linksOf(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [path = "", anchor] = link.split("#");
      const target = path === "" ? file : normalize(join(dirname(file), decodeURIComponent(path)));
      const full = join(root, target);
      if (!existsSync(full)) {
        broken.push(`${file}: ${link} (no file ${target})`);
        continue;
      }
      if (anchor === undefined || statSync(full).isDirectory() || !target.endsWith(".md")) continue;
      if (!anchorsOf(readFileSync(full, "utf8")).has(anchor))
        broken.push(`${file}: ${link} (no heading #${anchor} in ${target})`);
    }
  }
  return broken;
}

/** Our Markdown files: the README, CONTRIBUTING, SECURITY, docs/ and the folders' own READMEs (not what tools write). */
export function markdownFiles(root: string): string[] {
  const skipped = new Set(["node_modules", "reports", "dist", ".git"]);
  return globSync("**/*.md", {
    cwd: root,
    exclude: (path) => path.split(/[\\/]/).some((part) => skipped.has(part)),
  }).sort();
}

/** The README's section that maps the tree, one line a folder. */
export const layoutHeading = "## Layout";
/** Folders whose own folders are each an area, and so each named in the layout however deep they sit. */
export const areaFolders = ["src/features", "server/domain"] as const;
/** How deep the layout names every folder: the top-level ones and the folders inside them. */
export const layoutDepth = 2;

/** The folders git ignores wherever they are (`name/` lines of the root's .gitignore), and node_modules. */
function ignoredFolders(root: string): Set<string> {
  const gitignore = join(root, ".gitignore");
  const lines = existsSync(gitignore) ? readFileSync(gitignore, "utf8").split("\n") : [];
  return new Set([
    "node_modules",
    ...lines.map((line) => /^([\w.-]+)\/$/.exec(line.trim())?.[1]).filter((n): n is string => !!n),
  ]);
}

/** The folders under `folder` (relative to `root`) that hold anything, hidden and ignored ones aside. */
function foldersIn(root: string, folder: string, ignored: Set<string>): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && !ignored.has(entry.name))
    .map((entry) => (folder === "" ? entry.name : `${folder}/${entry.name}`))
    .filter((path) => readdirSync(join(root, path)).length > 0);
}

/** Every folder the README's layout must name: down to `layoutDepth` levels, and each area's folder. */
export function foldersToMap(root: string): string[] {
  const ignored = ignoredFolders(root);
  let level = foldersIn(root, "", ignored);
  const all = [...level];
  for (let depth = 2; depth <= layoutDepth; depth++) {
    level = level.flatMap((folder) => foldersIn(root, folder, ignored));
    all.push(...level);
  }
  for (const area of areaFolders) if (existsSync(join(root, area))) all.push(...foldersIn(root, area, ignored));
  return [...new Set(all)].sort();
}

/** The text of the README's layout section, up to the next heading of its level or above. */
export function layoutSection(readme: string): string {
  const start = readme.indexOf(`${layoutHeading}\n`);
  if (start < 0) return "";
  const rest = readme.slice(start + layoutHeading.length);
  const end = rest.search(/^#{1,2} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * The README's layout against the tree: each folder it must name and does not (as `folder/` in code), and each
 * folder it names that is not there (a folder renamed or removed with its line left behind).
 */
export function layoutProblems(root: string, readmeFile = "README.md"): string[] {
  const layout = layoutSection(readFileSync(join(root, readmeFile), "utf8"));
  const named = new Set([...layout.matchAll(/`([\w.-]+(?:\/[\w.-]+)*)\/`/g)].map((m) => m[1]!));
  return [
    ...foldersToMap(root)
      .filter((folder) => !named.has(folder))
      .map(
        (folder) =>
          `${readmeFile}'s layout does not name ${folder}/: every folder down to ${["", "one level", "two levels", "three levels"][layoutDepth]}, and each area's folder in ${areaFolders.map((a) => `${a}/`).join(" and ")}, has its line (scripts/doc-links.ts)`,
      ),
    ...[...named]
      .filter((folder) => !(existsSync(join(root, folder)) && statSync(join(root, folder)).isDirectory()))
      .map((folder) => `${readmeFile}'s layout names ${folder}/, which is no folder`),
  ];
}
