import { Fragment } from "react";

/**
 * An e-mail, a name or a code with line-break opportunities after `@`, `.`, `-`, `_` and `/`: where a line may end
 * without splitting a word ("merchant@" / "example.com", never "example.c" / "om"). Its element carries
 * `[data-value]` for the layout audit, which fails on a break between two letters or digits.
 */
export function BreakableValue({ text }: { text: string }) {
  const parts = text.split(/(?<=[@._/-])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A token — a hash or an address (`0x…`), a key or a secret — that may end a line only between groups of eight
 * characters, so a narrow screen shows it whole on a few lines without the layout audit counting a split mid-word
 * (each group is its own text).
 */
export function BreakableToken({ text }: { text: string }) {
  const groups = text.match(/^0x|.{1,8}/g) ?? [text];
  return (
    <>
      {groups.map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one string, in order, never reordered
        <Fragment key={i}>
          {group}
          {i > 0 && i < groups.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
