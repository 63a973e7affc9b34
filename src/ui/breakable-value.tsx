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
