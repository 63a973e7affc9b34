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

/** Hex when every character is a hex digit, else base64 (standard or URL-safe). Refuses fewer than 32 bytes. */
export function parseSecret(text: string, name: string): Buffer {
  const advice = `${name} must hold at least ${secretBytes} random bytes as hex or base64, e.g. \`openssl rand -hex ${secretBytes}\``;
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
