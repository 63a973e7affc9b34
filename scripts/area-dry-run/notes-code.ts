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

/** The notes list's page: its table on the list machine, provided from the area alone. */
export const notesPage = `import { useActorRef, useSelector } from "@xstate/react";\nimport { useTranslation } from "react-i18next";\nimport { noteListArea } from "../../../machines/notes/note-list.ts";\nimport { listSelectors } from "../../../machines/lists/list-selectors.ts";\nimport { useServices } from "../../app/services-context.tsx";\nimport { ListTable } from "../../ui/list-table.tsx";\nimport { provideListPages } from "../../app/list-service.ts";\n\nconst { selectTable: selectNoteTable } = listSelectors(noteListArea);\n\nexport default function NotesPage() {\n  const { t } = useTranslation();\n  const actor = useActorRef(provideListPages(noteListArea, useServices()), { input: { area: noteListArea } });\n  const table = useSelector(actor, selectNoteTable);\n  return (\n    <section>\n      <h1>{t("notes.title")}</h1>\n      <ListTable area="notes" rowName="note" view={table} columns={[{ key: "text", rowHeader: true, card: true, cell: (note) => note.text }]} chosen={null} onChoose={() => {}} rowKey={(note) => note.id} operations={() => null} describeFailure={() => null} onRetry={() => actor.send({ type: "list.retry" })} />\n    </section>\n  );\n}\n`;
