import { areaPieces, type Files } from "./pieces.ts";

/** The files a new list area adds or edits: every piece applied to the tree in memory, over `files` read-only. */
export function areaFiles(files: Pick<Files, "read">): { added: string[]; edited: string[] } {
  const written = new Map<string, string>();
  const existed = new Set<string>();
  const exists = (path: string) => {
    try {
      files.read(path);
      return true;
    } catch {
      return false;
    }
  };
  for (const piece of areaPieces({
    read: (path) => written.get(path) ?? files.read(path),
    write: (path, text) => {
      if (!written.has(path) && exists(path)) existed.add(path);
      written.set(path, text);
    },
  }))
    piece.apply();
  const paths = [...written.keys()];
  return { added: paths.filter((path) => !existed.has(path)), edited: paths.filter((path) => existed.has(path)) };
}
