// What the notes area of `npm run area-dry-run` says and runs: its words in the six languages, its list area and its
// table's selector, as the text the pieces (pieces.ts) write.

export const words: Record<string, [string, string, string]> = {
  "en-US": ["My notes", "No notes yet", "The notes could not be loaded"],
  "zh-CN": ["我的笔记", "还没有笔记", "无法加载笔记"],
  "zh-TW": ["我的筆記", "還沒有筆記", "無法載入筆記"],
  "ja-JP": ["マイノート", "ノートはまだありません", "ノートを読み込めませんでした"],
  "ko-KR": ["내 노트", "아직 노트가 없습니다", "노트를 불러올 수 없습니다"],
  "th-TH": ["บันทึกของฉัน", "ยังไม่มีบันทึก", "โหลดบันทึกไม่ได้"],
};

/** The notes list's area on the list machine (machines/lists/list-area.ts): a list writes no machine of its own. */
export const machineCode = `import { notesEndpoints } from "../../contracts/endpoints/notes.ts";
import { listArea } from "../lists/list-area.ts";

export const noteListArea = listArea(
  { pages: notesEndpoints.noteList },
  { name: "notes", fields: [{ name: "text", kind: "text" }], pageSizes: [10, 20, 50], defaultPageSize: 10, rowKey: (note) => note.id, live: false },
);
`;
/** A selector of the list written into the area's file instead of taking it from \`listSelectors\`. */
export const selectorInMachineCode = `import { type ListSnapshot, tableSelector } from "../lists/list-selectors.ts";
export const selectNoteTable = (s: ListSnapshot) => tableSelector()(s);
`;
