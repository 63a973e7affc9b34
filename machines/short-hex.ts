/** A hash or an address in short, its start and end (0x55d3…7955); the whole goes in a title beside it. */
export const shortHex = (value: string): string =>
  value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
