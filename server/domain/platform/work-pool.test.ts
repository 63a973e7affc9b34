import { describe, expect, it } from "vitest";
import { ApiError } from "./outcome.ts";
import { createWorkPool } from "./work-pool.ts";

/** A job that runs until released, recording its start. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const work = async () => {
    log.push(name);
    await done;
    return name;
  };
  return { work, release };
}

describe("KDF pool", () => {
  it("runs at most maxConcurrent jobs and keeps one slot for sign-in", async () => {
    const pool = createWorkPool({ maxConcurrent: 2, maxQueued: 10, maxWaitMs: 5_000 });
    const started: string[] = [];
    const a = gate(started, "other-a");
    const b = gate(started, "other-b");
    const s = gate(started, "sign-in");
    const runs = [pool.run("other", a.work), pool.run("other", b.work), pool.run("sign-in", s.work)];
    await Promise.resolve();
    // Registrations may never hold every slot: the sign-in starts beside the first one.
    expect(started).toEqual(["other-a", "sign-in"]);
    expect(pool.stats()).toEqual({ running: 2, queued: 1 });
    a.release();
    s.release();
    b.release();
    expect(await Promise.all(runs)).toEqual(["other-a", "other-b", "sign-in"]);
    expect(pool.stats()).toEqual({ running: 0, queued: 0 });
  });

  it("serves waiting sign-ins before waiting registrations", async () => {
    const pool = createWorkPool({ maxConcurrent: 2, maxQueued: 10, maxWaitMs: 5_000 });
    const started: string[] = [];
    const gates = ["s1", "s2", "o1", "s3"].map((name) => gate(started, name));
    const [s1, s2, o1, s3] = gates as [
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
      ReturnType<typeof gate>,
    ];
    const runs = [
      pool.run("sign-in", s1.work),
      pool.run("sign-in", s2.work),
      pool.run("other", o1.work),
      pool.run("sign-in", s3.work),
    ];
    await Promise.resolve();
    expect(started).toEqual(["s1", "s2"]);
    s1.release();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["s1", "s2", "s3"]);
    for (const g of gates) g.release();
    await Promise.all(runs);
    expect(started).toEqual(["s1", "s2", "s3", "o1"]);
  });

  it("answers busy (503, 5030) when the line is full or the wait too long", async () => {
    const pool = createWorkPool({ maxConcurrent: 2, maxQueued: 1, maxWaitMs: 30 });
    const started: string[] = [];
    const hold = [gate(started, "a"), gate(started, "b")];
    const running = hold.map((g) => pool.run("sign-in", g.work));
    const waiting = pool.run("sign-in", async () => "late");
    const refused = await pool.run("sign-in", async () => "never").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: "5030", status: 503 });
    expect(await waiting.catch((e: unknown) => e)).toMatchObject({ code: "5030" });
    for (const g of hold) g.release();
    await Promise.all(running);
  });

  // Issue 25, finding 2: 100 parallel sign-ins for unknown e-mails filled the line; the owner got 503s.
  it("gives holders of a device cookie a lane of their own, beside a full pool and a full line", async () => {
    const pool = createWorkPool({ maxConcurrent: 2, maxQueued: 4, maxWaitMs: 5_000 });
    const started: string[] = [];
    const crowd = Array.from({ length: 6 }, (_, i) => gate(started, `s${i}`));
    const crowding = crowd.map((g) => pool.run("sign-in", g.work).catch(() => "busy"));
    const owner = gate(started, "device");
    const owners = pool.run("trusted-device", owner.work);
    await Promise.resolve();
    expect(started).toEqual(["s0", "s1", "device"]);
    owner.release();
    expect(await owners).toBe("device");
    for (const g of crowd) g.release();
    await Promise.all(crowding);
  });

  it("sheds checks for unknown e-mails first: one runs, a few wait, the rest are busy at once; real accounts go ahead", async () => {
    const pool = createWorkPool({ maxConcurrent: 2, maxQueued: 64, maxWaitMs: 5_000 });
    const started: string[] = [];
    const dummies = Array.from({ length: 100 }, (_, i) => gate(started, `d${i}`));
    const answers = dummies.map((g) => pool.run("unknown-account", g.work).catch((e: unknown) => e));
    const account = gate(started, "account");
    const accounts = pool.run("sign-in", account.work);
    await Promise.resolve();
    expect(started).toEqual(["d0", "account"]);
    // Eight wait in their own line; the other 91 are refused without waiting.
    const refused = (await Promise.all(answers.slice(9))).filter((a) => a instanceof ApiError);
    expect(refused.length).toBe(91);
    expect(refused[0]).toMatchObject({ code: "5030", status: 503 });
    account.release();
    expect(await accounts).toBe("account");
    for (const g of dummies) g.release();
    await Promise.all(answers);
  });
});
