/**
 * The owner's sign-in under floods of unknown e-mails, wrong codes and wrong passwords, on PGlite and, when TEST_DATABASE_URL is set
 * (`node scripts/with-postgres.mjs node bench/flood-bench.ts`, as `npm run bench` runs it), on a real PostgreSQL.
 * A real server (production argon2id cost, TRUST_PROXY=127.0.0.1 so that each request may come from the address
 * its X-Forwarded-For names) is flooded for BENCH_FLOOD_SECONDS (10) each time, while the owner signs in one
 * attempt after another. Prints the owner's latency (p50, p99) and success rate per flood and writes
 * reports/flood-bench.json; asserts nothing. Goal: 100 % success, p99 ≤ 1 s.
 *
 *   2. unknown e-mails from fresh addresses, 100 at a time; the owner with the device cookie;
 *   3. after that flood (503s gave their slots back): the owner without the cookie, from a new address;
 *   4. strangers from fresh addresses trying wrong reset codes and wrong passwords for the owner's account; the
 *      owner on a new device asks for a reset code, resets with it and signs in;
 *   5. unknown e-mails from the owner's own address (a shared NAT), 50 at a time; the owner with the device cookie.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, startServer } from "../e2e/support/server.ts";
import { type Answer, during, figure, figureLine, freshAddress, mailedCode, post } from "./bench-http.ts";

const floodMs = Math.max(2, Number(process.env.BENCH_FLOOD_SECONDS ?? 10)) * 1000;
const home = "192.0.2.10";

/** The owner signs in again and again until the flood has lasted `floodMs`. */
const repeatedly = (attempt: () => Promise<Answer>) => async () => {
  const mine: Answer[] = [];
  const end = Date.now() + floodMs;
  while (Date.now() < end) mine.push(await attempt());
  return mine;
};

async function bench(database: "PGlite" | "PostgreSQL", env: Record<string, string>) {
  const server = await startServer({ env: { TRUST_PROXY: "127.0.0.1", ...env } });
  const base = server.baseUrl;
  try {
    const email = `owner-${database.toLowerCase()}@example.com`;
    let password = "Owner7Merchant";
    await post(base, "/api/User/SentVerificationCode", { email, type: "register" }, home);
    const registered = await post(
      base,
      "/api/Register/Register",
      { email, code: await mailedCode(base, email), password, repeatPassword: password },
      home,
    );
    if (registered.errCode !== "0") throw new Error(`registration answered ${registered.errCode}`);
    const first = await post(base, "/api/Login/Login", { email, password }, home);
    const cookie = first.cookie ?? "";
    const signIn = (ip: string, withCookie: boolean) =>
      post(base, "/api/Login/Login", { email, password }, ip, withCookie ? { cookie } : {});
    let unknown = 0;
    const unknownEmail = () => `nobody${unknown++}@example.com`;

    const idle = await repeatedly(() => signIn(home, true))();

    const f2 = await during(
      100,
      () => post(base, "/api/Login/Login", { email: unknownEmail(), password: "Guess123x" }, freshAddress()),
      repeatedly(() => signIn(home, true)),
    );
    // Finding 3: right after it, without the cookie, from a network the owner never used.
    const f3 = [await signIn("192.0.2.77", false)];

    const f5 = await during(
      50,
      () => post(base, "/api/Login/Login", { email: unknownEmail(), password: "Guess123x" }, home),
      repeatedly(() => signIn(home, true)),
    );

    let wrong = 0;
    const f4 = await during(
      20,
      () => {
        const ip = freshAddress();
        wrong += 1;
        return wrong % 2
          ? post(base, "/api/Login/Login", { email, password: `Wrong${wrong}xx` }, ip)
          : post(
              base,
              "/api/User/ResetPassword",
              { email, code: "000000", password: "Stranger7x", repeatPassword: "Stranger7x" },
              ip,
            );
      },
      async () => {
        // Past the account's bucket first: a new device is now refused (429) and must reset.
        await new Promise((r) => setTimeout(r, floodMs / 2));
        const newDevice = "192.0.2.99";
        const start = performance.now();
        await post(base, "/api/User/SentVerificationCode", { email, type: "reset" }, newDevice);
        const code = await mailedCode(base, email);
        const fresh = "Renewed7Merchant";
        const reset = await post(
          base,
          "/api/User/ResetPassword",
          { email, code, password: fresh, repeatPassword: fresh },
          newDevice,
        );
        password = fresh;
        const after = await signIn(newDevice, false);
        return [
          { ...after, ms: performance.now() - start, errCode: reset.errCode === "0" ? after.errCode : reset.errCode },
        ];
      },
    );

    return {
      idle: figure(idle),
      finding2UnknownEmailsFromFreshAddresses: figure(f2.mine, f2),
      finding3AfterTheFloodWithoutCookie: figure(f3),
      finding4ResetThenSignInWhileStrangersGuess: figure(f4.mine, f4),
      finding5UnknownEmailsFromTheOwnersAddress: figure(f5.mine, f5),
    };
  } finally {
    await server.stop();
  }
}

const results: Record<string, Awaited<ReturnType<typeof bench>>> = {};
results.PGlite = await bench("PGlite", {});
if (process.env.TEST_DATABASE_URL)
  results.PostgreSQL = await bench("PostgreSQL", { DATABASE_URL: process.env.TEST_DATABASE_URL });
for (const [database, figures] of Object.entries(results)) {
  process.stdout.write(`the owner's sign-in under floods, ${database} (goal: 100 %, p99 ≤ 1000 ms)\n`);
  for (const [name, f] of Object.entries(figures)) process.stdout.write(`${figureLine(name, f)}\n`);
}
mkdirSync(join(repoRoot, "reports"), { recursive: true });
writeFileSync(join(repoRoot, "reports", "flood-bench.json"), `${JSON.stringify(results, null, 2)}\n`);
