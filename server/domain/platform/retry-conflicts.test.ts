import { describe, expect, it } from "vitest";
import { isTransientConflict, retryConflicts } from "./retry-conflicts.ts";

const pgError = (code: string) => Object.assign(new Error(`postgres ${code}`), { code });

describe("retrying a transaction PostgreSQL picked as a victim", () => {
  it("runs it again after a deadlock or a serialization failure, and answers its result", async () => {
    const failures = [pgError("40P01"), pgError("40001")];
    let tries = 0;
    const result = await retryConflicts(
      async () => {
        tries++;
        const failure = failures.shift();
        if (failure) throw failure;
        return "done";
      },
      { maxPauseMs: 1 },
    );
    expect(result).toBe("done");
    expect(tries).toBe(3);
  });

  it("gives up after the attempts, and never retries another error", async () => {
    let tries = 0;
    await expect(
      retryConflicts(
        async () => {
          tries++;
          throw pgError("40P01");
        },
        { attempts: 2, maxPauseMs: 1 },
      ),
    ).rejects.toMatchObject({ code: "40P01" });
    expect(tries).toBe(2);
    tries = 0;
    await expect(
      retryConflicts(async () => {
        tries++;
        throw pgError("23505");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(tries).toBe(1);
    expect(isTransientConflict(new Error("plain"))).toBe(false);
  });
});
