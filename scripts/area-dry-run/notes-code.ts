// What the notes area of `npm run area-dry-run` says and runs: its words in the six languages, its machine and its
// selectors, as the text the pieces (pieces.ts) write.

export const words: Record<string, [string, string, string]> = {
  "en-US": ["My notes", "No notes yet", "The notes could not be loaded"],
  "zh-CN": ["我的笔记", "还没有笔记", "无法加载笔记"],
  "zh-TW": ["我的筆記", "還沒有筆記", "無法載入筆記"],
  "ja-JP": ["マイノート", "ノートはまだありません", "ノートを読み込めませんでした"],
  "ko-KR": ["내 노트", "아직 노트가 없습니다", "노트를 불러올 수 없습니다"],
  "th-TH": ["บันทึกของฉัน", "ยังไม่มีบันทึก", "โหลดบันทึกไม่ได้"],
};

export const machineCode = `import { assign, fromPromise, setup } from "xstate";
import type { NoteListResult } from "../../contracts/schemas/notes.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface NoteListContext {
  notes: NoteListResult;
  failure: Failure | null;
}

export const noteListMachine = setup({
  types: {} as { context: NoteListContext; events: { type: "notes.retry" } },
  actors: {
    loadNotes: fromPromise<NoteListResult>(async () => {
      throw new Error("loadNotes is provided by the app");
    }),
  },
}).createMachine({
  id: "noteList",
  context: { notes: [], failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadNotes",
        src: "loadNotes",
        onDone: { target: "ready", actions: assign({ notes: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { "notes.retry": "loading" } },
  },
});
`;
/** The selector as its own file has it, taking the machine's snapshot. */
export const selectorsCode = `import type { SnapshotFrom } from "xstate";
import type { noteListMachine } from "./note-list.ts";

export const selectNotes = (s: SnapshotFrom<typeof noteListMachine>) => s.context.notes;
`;

/** The same selector written into the machine's file instead. */
export const selectorInMachineCode = `export const selectNotes = (s: { context: NoteListContext }) => s.context.notes;
`;
