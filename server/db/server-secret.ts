import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Bytes of the generated secret, and the least SERVER_SECRET may hold. */
export const secretBytes = 32;
export const secretFileName = "server-secret";

export interface SecretSource {
  env: { SERVER_SECRET?: string };
  /** Where `server-secret` is kept when SERVER_SECRET is unset. */
  dataDir: string;
}

/**
 * The key that peppers stored codes and signs device cookies. SERVER_SECRET (hex or base64 of at least 32 bytes)
 * wins; otherwise `<DATA_DIR>/server-secret`, made once from 32 random bytes (mode 0600). Every instance behind a
 * load balancer needs the same SERVER_SECRET, or one instance cannot check what another issued.
 */
export function loadServerSecret({ env, dataDir }: SecretSource): Buffer {
  const setting = env.SERVER_SECRET?.trim();
  if (setting) return parseSecret(setting, "SERVER_SECRET");
  const path = join(dataDir, secretFileName);
  return readSecretFile(path) ?? createSecretFile(path);
}

const adviceFor = (name: string) =>
  `${name} must hold at least ${secretBytes} random bytes as hex or base64, e.g. \`openssl rand -hex ${secretBytes}\``;

/** Hex when every character is a hex digit, else base64 (standard or URL-safe). Refuses fewer than 32 bytes. */
export function parseSecret(text: string, name: string): Buffer {
  const advice = adviceFor(name);
  let bytes: Buffer;
  if (/^[0-9a-f]+$/i.test(text)) {
    if (text.length % 2) throw new Error(`${name} looks like hex but has an odd number of digits. ${advice}.`);
    bytes = Buffer.from(text, "hex");
  } else if (/^[A-Za-z0-9+/]+={0,2}$/.test(text) || /^[A-Za-z0-9_-]+={0,2}$/.test(text)) {
    bytes = Buffer.from(text, "base64");
    if (bytes.toString("base64url") !== text.replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_")) {
      throw new Error(`${name} is not valid base64. ${advice}.`);
    }
  } else {
    throw new Error(`${name} is neither hex nor base64. ${advice}.`);
  }
  if (bytes.length < secretBytes)
    throw new Error(`${name} holds ${bytes.length} bytes, too few to be a key. ${advice}.`);
  return bytes;
}

function readSecretFile(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  // Replacing a damaged secret would silently void every code and device cookie it protects: say so instead.
  const secret = parseSecret(text.trim(), path);
  if (statSync(path).mode & 0o077) chmodSync(path, 0o600);
  return secret;
}

/** Written aside and linked into place, so the file is complete or absent, and an existing one is never replaced. */
function createSecretFile(path: string): Buffer {
  const secret = randomBytes(secretBytes);
  const draft = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${secret.toString("hex")}\n`, { mode: 0o600, flag: "wx", flush: true });
  try {
    linkSync(draft, path);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readSecretFile(path)!;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * SERVER_SECRET's strength, checked by server/main.ts before anything is opened. A secret written by hand (64 zero
 * digits, `deadbeef` eight times, a counting sequence) has the right length and little of the entropy: refused, saying
 * why. A test server (DEV_OUTBOX=true, never in production) only gets the warning this returns: its codes are on
 * /api/dev/outbox for anyone anyway, and multi-instance tests share a fixed secret. Malformed values throw as
 * loadServerSecret would, only earlier.
 */
export function checkSecretSetting(
  env: { SERVER_SECRET?: string },
  { testServer }: { testServer: boolean },
): string | null {
  const setting = env.SERVER_SECRET?.trim();
  if (!setting) return null;
  const weakness = secretWeakness(parseSecret(setting, "SERVER_SECRET"));
  if (!weakness) return null;
  const message = `SERVER_SECRET looks chosen by hand rather than random: ${weakness}. ${adviceFor("SERVER_SECRET")}.`;
  if (testServer) return message;
  throw new Error(message);
}

/** Below this many distinct byte values (or step sizes), a secret is a pattern: 32 random bytes show about 30. */
const minDistinct = 12;
/** This many equal bytes in a row: 32 random bytes do so with a chance of about 2 in 10^11. */
const maxRun = 6;
/** The Shannon estimate (below) under which a secret is refused: 32 random bytes give about 154, none under 130 in 300,000 tries. */
const minEstimatedBits = 112;

/**
 * Why the bytes do not look random, or null. An estimate, not a proof (no test can tell a random key from a
 * well-made pattern); it catches the ways people make a key by hand, and lets a real random key through (the
 * thresholds are far from what 32 random bytes show, so a key from `openssl rand` is refused with a chance below
 * 10^-10, and then simply made again):
 * - distinct values: 64 zero digits are one byte value 32 times, `deadbeef` repeated is four;
 * - the longest run of one byte value: half a key of zeros;
 * - a repeated block: any pattern written twice or more (`password` eight times, as base64);
 * - the steps between neighbouring bytes: a counting sequence (00 01 02 …) has one step size;
 * - a Shannon estimate: the length times the bits per byte of the bytes' own frequencies (and of the steps'),
 *   which is at most 5 per byte for 32 bytes; a key whose values are lopsided (half of it one value) stays far below.
 */
export function secretWeakness(bytes: Uint8Array): string | null {
  const values = [...bytes];
  const n = values.length;
  const steps = values.slice(1).map((b, i) => (b - values[i]! + 256) % 256);
  const distinct = new Set(values).size;
  if (distinct < minDistinct) return `only ${distinct} different byte value${distinct === 1 ? "" : "s"} in ${n}`;
  let run = 1;
  let longest = 1;
  for (let i = 1; i < n; i++) {
    run = values[i] === values[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  if (longest >= maxRun) return `the same byte ${longest} times in a row`;
  for (let period = 1; period <= n / 2; period++) {
    if (values.every((b, i) => i < period || b === values[i - period]))
      return `a block of ${period} bytes repeated ${(n / period).toFixed(1).replace(/\.0$/, "")} times`;
  }
  const stepSizes = new Set(steps).size;
  if (stepSizes < minDistinct)
    return `only ${stepSizes} different step${stepSizes === 1 ? "" : "s"} between neighbouring bytes (a counting sequence)`;
  const bits = Math.floor(n * Math.min(shannonBitsPerValue(values), shannonBitsPerValue(steps)));
  if (bits < minEstimatedBits) return `about ${bits} bits by a Shannon estimate, fewer than ${minEstimatedBits}`;
  return null;
}

/** Shannon's entropy of the values' own frequencies, in bits per value. */
function shannonBitsPerValue(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / values.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
