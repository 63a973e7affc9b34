import { existsSync, globSync, readFileSync, statSync } from "node:fs";
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
