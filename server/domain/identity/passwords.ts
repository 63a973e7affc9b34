import { argon2, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1), stored as a PHC string
 * that carries its parameters. Hashes of an older scheme (scrypt) or weaker parameters still verify
 * and report `needsRehash`, so a sign-in upgrades them. PASSWORD_HASH_COST=test makes hashing cheap
 * for test suites; nothing else changes the cost.
 */
export interface Argon2Cost {
  memoryKiB: number;
  passes: number;
  parallelism: number;
}

export const productionCost: Argon2Cost = { memoryKiB: 19_456, passes: 2, parallelism: 1 };
const testCost: Argon2Cost = { memoryKiB: 256, passes: 2, parallelism: 1 };
/**
 * A stored hash asking for more is not ours (OWASP's settings stay under 47 MiB, our old scrypt used
 * 32 MiB): it takes the dummy path rather than have a hostile value allocate gigabytes.
 */
const maxMemoryKiB = 65_536;
const maxPasses = 10;
const maxParallelism = 4;
const tagLength = 32;

export function currentCost(): Argon2Cost {
  const setting = process.env.PASSWORD_HASH_COST;
  if (setting === undefined || setting === "" || setting === "production") return productionCost;
  if (setting === "test") return testCost;
  throw new Error(`PASSWORD_HASH_COST must be "production" or "test", not ${JSON.stringify(setting)}`);
}

export interface PasswordCheck {
  valid: boolean;
  /** Right password, hash made with another scheme or other parameters: store a new one. */
  needsRehash: boolean;
}

const argon2Key = (password: string, salt: Buffer, cost: Argon2Cost, length = tagLength) =>
  new Promise<Buffer>((resolve, reject) => {
    argon2(
      "argon2id",
      {
        message: password.normalize("NFC"),
        nonce: salt,
        parallelism: cost.parallelism,
        memory: cost.memoryKiB,
        passes: cost.passes,
        tagLength: length,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

// PHC strings use standard base64 without padding (as the reference implementation and the argon2 libraries write them).
const phcBase64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

export async function hashPassword(password: string): Promise<string> {
  const cost = currentCost();
  const salt = randomBytes(16);
  const key = await argon2Key(password, salt, cost);
  return `$argon2id$v=19$m=${cost.memoryKiB},t=${cost.passes},p=${cost.parallelism}$${phcBase64(salt)}$${phcBase64(key)}`;
}

/** Counts the checks answered through the dummy hash (tests prove the equal-work path with it). */
export const dummyChecks = { count: 0 };

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const argon = parseArgon2(stored);
  if (argon) {
    const valid = sameBytes(argon.key, await argon2Key(password, argon.salt, argon.cost, argon.key.length));
    const cost = currentCost();
    const current =
      argon.cost.memoryKiB === cost.memoryKiB &&
      argon.cost.passes === cost.passes &&
      argon.cost.parallelism === cost.parallelism &&
      argon.key.length === tagLength;
    return { valid, needsRehash: valid && !current };
  }
  const legacy = parseScrypt(stored);
  if (legacy) {
    const valid = sameBytes(legacy.key, await scryptKey(password, legacy.salt, legacy.options));
    return { valid, needsRehash: valid };
  }
  // No usable hash (a Google-only account, a damaged value): the same work as a real check, so timing tells nothing.
  return { valid: await verifyAgainstDummy(password), needsRehash: false };
}

const dummySalt = randomBytes(16);

/** Spends what a real check costs, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyChecks.count += 1;
  await argon2Key(password, dummySalt, currentCost());
  return false;
}

const sameBytes = (expected: Buffer, actual: Buffer) =>
  expected.length === actual.length && timingSafeEqual(expected, actual);

// Salt 8–48 bytes, tag 16–64 bytes. `-` and `_` too: hashes written before the switch to standard base64 used base64url.
const argon2Format = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([\w+/-]{11,64})\$([\w+/-]{22,86})$/;

function parseArgon2(stored: string): { cost: Argon2Cost; salt: Buffer; key: Buffer } | null {
  const match = argon2Format.exec(stored);
  if (!match) return null;
  const cost = { memoryKiB: Number(match[1]), passes: Number(match[2]), parallelism: Number(match[3]) };
  if (cost.parallelism < 1 || cost.parallelism > maxParallelism || cost.passes < 1 || cost.passes > maxPasses)
    return null;
  if (cost.memoryKiB < 8 * cost.parallelism || cost.memoryKiB > maxMemoryKiB) return null;
  const salt = Buffer.from(match[4] as string, "base64");
  const key = Buffer.from(match[5] as string, "base64");
  if (salt.length < 8 || key.length < 16) return null;
  return { cost, salt, key };
}

const scryptKey = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

const maxScryptBytes = maxMemoryKiB * 1024;

/** The scheme before argon2id: `scrypt$log2N$r$p$salt$key`, verified so that old accounts can sign in and be upgraded. */
function parseScrypt(stored: string): { options: ScryptOptions; salt: Buffer; key: Buffer } | null {
  const [scheme, log2N, r, p, salt, key, ...rest] = stored.split("$");
  const [n, blockSize, parallel] = [Number(log2N), Number(r), Number(p)];
  if (scheme !== "scrypt" || !salt || !key || rest.length > 0) return null;
  if (![n, blockSize, parallel].every((x) => Number.isInteger(x) && x >= 1) || parallel > maxParallelism) return null;
  // scrypt takes 128 · r · (N + p + 2) bytes (OpenSSL's count): N = 2^20 with r = 32 would be 4 GiB.
  if (n > 24 || 128 * blockSize * (2 ** n + parallel + 2) > maxScryptBytes) return null;
  if (n >= 16 * blockSize) return null; // OpenSSL refuses N ≥ 2^(16·r)
  return {
    options: { N: 2 ** n, r: blockSize, p: parallel, maxmem: maxScryptBytes },
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
}
