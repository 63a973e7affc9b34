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
/** A stored hash asking for more is not ours: refuse it rather than allocate it. */
const maxCost: Argon2Cost = { memoryKiB: 262_144, passes: 10, parallelism: 4 };
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

const argon2Key = (password: string, salt: Buffer, cost: Argon2Cost) =>
  new Promise<Buffer>((resolve, reject) => {
    argon2(
      "argon2id",
      { message: password.normalize("NFC"), nonce: salt, parallelism: cost.parallelism, memory: cost.memoryKiB, passes: cost.passes, tagLength },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

export async function hashPassword(password: string): Promise<string> {
  const cost = currentCost();
  const salt = randomBytes(16);
  const key = await argon2Key(password, salt, cost);
  return `$argon2id$v=19$m=${cost.memoryKiB},t=${cost.passes},p=${cost.parallelism}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Counts the checks answered through the dummy hash (tests prove the equal-work path with it). */
export const dummyChecks = { count: 0 };

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const argon = parseArgon2(stored);
  if (argon) {
    const actual = await argon2Key(password, argon.salt, argon.cost);
    const valid = sameBytes(argon.key, actual);
    const cost = currentCost();
    const current = argon.cost.memoryKiB === cost.memoryKiB && argon.cost.passes === cost.passes && argon.cost.parallelism === cost.parallelism;
    return { valid, needsRehash: valid && !current };
  }
  const legacy = parseScrypt(stored);
  if (legacy) {
    const actual = await scryptKey(password, legacy.salt, legacy.options);
    const valid = sameBytes(legacy.key, actual);
    return { valid, needsRehash: valid };
  }
  // No usable hash (a Google-only account, a damaged value): the same work as a real check, so timing tells nothing.
  return { valid: await verifyAgainstDummy(password), needsRehash: false };
}

let dummyHash: { cost: Argon2Cost; hash: Promise<string> } | undefined;

/** Spends what a real check costs, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  const cost = currentCost();
  if (dummyHash?.cost !== cost) dummyHash = { cost, hash: hashPassword(randomBytes(16).toString("hex")) };
  dummyChecks.count += 1;
  const argon = parseArgon2(await dummyHash.hash);
  if (argon) await argon2Key(password, argon.salt, argon.cost);
  return false;
}

const sameBytes = (expected: Buffer, actual: Buffer) => expected.length === actual.length && timingSafeEqual(expected, actual);

const argon2Format = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([\w-]{11,})\$([\w-]{22,})$/;

function parseArgon2(stored: string): { cost: Argon2Cost; salt: Buffer; key: Buffer } | null {
  const match = argon2Format.exec(stored);
  if (!match) return null;
  const [memoryKiB, passes, parallelism] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const cost = { memoryKiB, passes, parallelism };
  if (parallelism < 1 || parallelism > maxCost.parallelism || passes < 1 || passes > maxCost.passes) return null;
  if (memoryKiB < 8 * parallelism || memoryKiB > maxCost.memoryKiB) return null;
  return { cost, salt: Buffer.from(match[4] as string, "base64url"), key: Buffer.from(match[5] as string, "base64url") };
}

const scryptKey = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** The scheme before argon2id: `scrypt$log2N$r$p$salt$key`, verified so that old accounts can sign in and be upgraded. */
function parseScrypt(stored: string): { options: ScryptOptions; salt: Buffer; key: Buffer } | null {
  const [scheme, log2N, r, p, salt, key, ...rest] = stored.split("$");
  const params = [Number(log2N), Number(r), Number(p)] as const;
  if (scheme !== "scrypt" || !salt || !key || rest.length > 0) return null;
  if (params.some((n) => !Number.isInteger(n) || n < 1) || params[0] > 20 || params[1] > 32 || params[2] > 4) return null;
  const [n, blockSize, parallel] = params;
  return {
    options: { N: 2 ** n, r: blockSize, p: parallel, maxmem: 256 * 2 ** n * blockSize * parallel },
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
}
