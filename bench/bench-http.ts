/**
 * What the benches that flood a real server share: requests from an address of the bench's choosing (the server runs
 * with TRUST_PROXY=127.0.0.1, so X-Forwarded-For names it), the dev outbox, and the figures they print.
 */

export interface Answer {
  ms: number;
  errCode: string;
  errMsg?: string;
  cookie: string | null;
  resData: unknown;
}

export async function post(
  base: string,
  path: string,
  body: unknown,
  ip: string,
  { cookie, token }: { cookie?: string; token?: string } = {},
): Promise<Answer> {
  const start = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(cookie ? { cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { errCode: string; errMsg: string; resData: unknown };
  const set = response.headers.getSetCookie().find((c) => c.startsWith("mc_device=") && !/max-age=0/i.test(c));
  return {
    ms: performance.now() - start,
    errCode: answer.errCode,
    errMsg: answer.errMsg,
    resData: answer.resData,
    cookie: set?.split(";")[0] ?? null,
  };
}

interface OutboxMessage {
  text: string;
  code: string;
}

/** The newest live code mailed to `email` whose text contains `phrase` (the purpose's words), or the newest of all. */
export async function mailedCode(base: string, email: string, phrase?: string): Promise<string> {
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: OutboxMessage[];
  };
  const code = outbox.messages.find((m) => m.code && (!phrase || m.text.includes(phrase)))?.code; // newest first
  if (!code) throw new Error(`no code for ${email}${phrase ? ` (${phrase})` : ""} in the dev outbox`);
  return code;
}

let addresses = 0;
/** An address no request of this run used before. */
export const freshAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export interface Figure {
  attempts: number;
  successRate: number;
  p50Ms: number;
  p99Ms: number;
  /** The errCodes of the owner's failed attempts, when there were any. */
  failures?: Record<string, number>;
  floodRequests?: number;
  floodAnswers?: Record<string, number>;
}

function tally(codes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

export const figure = (answers: Answer[], flood?: { requests: number; answers: Record<string, number> }): Figure => {
  const failed = answers.filter((a) => a.errCode !== "0").map((a) => a.errCode);
  const ms = answers.map((a) => a.ms);
  return {
    attempts: answers.length,
    successRate: Math.round(((answers.length - failed.length) / Math.max(1, answers.length)) * 1000) / 10,
    p50Ms: Math.round(percentile(ms, 50)),
    p99Ms: Math.round(percentile(ms, 99)),
    ...(failed.length > 0 ? { failures: tally(failed) } : {}),
    ...(flood ? { floodRequests: flood.requests, floodAnswers: flood.answers } : {}),
  };
};

/** Runs `width` loops of `attack` until `owner` is done (and for at least `leadMs` first), counting the answers. */
export async function during(
  width: number,
  attack: () => Promise<Answer>,
  owner: () => Promise<Answer[]>,
  leadMs = 1000,
): Promise<{ mine: Answer[]; requests: number; answers: Record<string, number> }> {
  let running = true;
  let requests = 0;
  const answers: Record<string, number> = {};
  const loops = Array.from({ length: width }, async () => {
    while (running) {
      const a = await attack().catch(() => ({ errCode: "network" }) as Answer);
      requests += 1;
      answers[a.errCode] = (answers[a.errCode] ?? 0) + 1;
    }
  });
  await new Promise((r) => setTimeout(r, leadMs));
  const mine = await owner();
  running = false;
  await Promise.all(loops);
  return { mine, requests, answers };
}

export const figureLine = (name: string, f: Figure) =>
  `  ${name}: ${f.successRate} % of ${f.attempts} succeeded, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms${
    f.failures ? ` (failed: ${JSON.stringify(f.failures)})` : ""
  }${f.floodRequests === undefined ? "" : ` (flood: ${f.floodRequests} requests, ${JSON.stringify(f.floodAnswers)})`}`;
