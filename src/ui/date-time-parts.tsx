import { formatDateTimeParts } from "../i18n/format.ts";

/**
 * A date and time in a table cell, in the page's language: short of width the time goes under the date (at the
 * `<wbr>`), never breaking elsewhere (the cell's CSS keeps each part on one line).
 */
export function DateTimeParts({ iso, language }: { iso: string; language: string }) {
  const { date, time } = formatDateTimeParts(iso, language);
  return (
    <>
      <span>{date}</span>
      <wbr />
      <span>{time}</span>
    </>
  );
}
