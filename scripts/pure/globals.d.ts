// The only host globals machines/ and contracts/ may use (tsconfig.pure.json): timers and the console, which every
// JavaScript host has. No DOM and no Node: fetch, window, storage and process reach a machine as actors.
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function setInterval(handler: () => void, ms?: number): unknown;
declare function clearInterval(id: unknown): void;
declare const console: {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
