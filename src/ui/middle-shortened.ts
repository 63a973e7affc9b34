/**
 * A hash or address shortened in the middle ("0x9f2c4e1a…ef12"), so both ends a person checks stay visible where the
 * whole cannot fit (a select's option); the whole is shown beside it and copied whole.
 */
export const middleShortened = (value: string, head = 10, tail = 6): string =>
  value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
