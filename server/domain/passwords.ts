import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt, memory-hard: N = 2^15, r = 8 (32 MiB, about 0.1 s here). The parameters travel with the
 * hash, so raising them later keeps old hashes verifiable. SCRYPT_LOG2N lowers the cost for tests.
 */
const keyLength = 32;
const defaultLog2N = 15;

const scryptAsync = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

function currentLog2N(): number {
  const fromEnv = Number(process.env.SCRYPT_LOG2N);
  return Number.isInteger(fromEnv) && fromEnv >= 10 && fromEnv <= 20 ? fromEnv : defaultLog2N;
}

const options = (log2N: number, r: number, p: number): ScryptOptions => ({ N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r * p });

export async function hashPassword(password: string): Promise<string> {
  const log2N = currentLog2N();
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, options(log2N, 8, 1));
  return ["scrypt", log2N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, key] = stored.split("$");
  const params = [Number(log2N), Number(r), Number(p)] as const;
  if (scheme !== "scrypt" || !salt || !key || params.some((n) => !Number.isInteger(n) || n < 1) || params[0] > 20 || params[1] > 32 || params[2] > 4) {
    return false;
  }
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), options(...params));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;

/** Spends what a real check costs, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
