export interface Answer {
  kind: "read" | "write";
  /** HTTP status; 0 when the request got no answer at all (refused, reset, timed out). */
  status: number;
  code: number | null;
  msg: string | null;
  /** The goods id a 200 write acknowledged. */
  id: string | null;
  startedAt: number;
  ms: number;
}

export interface LoadTarget {
  baseUrl: string;
  token: string;
  /** A request unanswered after this long counts as a hang. */
  hangMs: number;
}

let written = 0;

/** One read (the goods list) or one write (posting goods), as a browser would send it. */
export async function request(target: LoadTarget, kind: Answer["kind"]): Promise<Answer> {
  const startedAt = Date.now();
  written += kind === "write" ? 1 : 0;
  const init: RequestInit =
    kind === "read"
      ? { method: "GET" }
      : {
          method: "POST",
          headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            title: `故障测试 ${written}`,
            description: "数据库重启时发布",
            priceCents: 100,
            category: "other",
            condition: "good",
            location: "上海",
          }),
        };
  const url = `${target.baseUrl}${kind === "read" ? "/api/goods/getlist?page=1&pageSize=5" : "/api/goods"}`;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(target.hangMs) });
    const text = await response.text();
    let envelope: { code?: number; msg?: string; data?: { id?: string } } = {};
    try {
      envelope = JSON.parse(text);
    } catch {
      // Not JSON: recorded with a null code, which the tests count as "not an envelope".
    }
    return {
      kind,
      status: response.status,
      code: typeof envelope.code === "number" ? envelope.code : null,
      msg: typeof envelope.msg === "string" ? envelope.msg : null,
      id: kind === "write" && envelope.code === 200 ? String(envelope.data?.id) : null,
      startedAt,
      ms: Date.now() - startedAt,
    };
  } catch {
    return { kind, status: 0, code: null, msg: null, id: null, startedAt, ms: Date.now() - startedAt };
  }
}

/**
 * Sends requests at a steady rate, alternating reads and writes, until `until` resolves (or
 * `maxMs` passes), then waits for the answers. Bounded in count and time.
 */
export async function driveLoad(
  target: LoadTarget,
  options: { perSecond: number; maxMs: number; until?: Promise<unknown> },
): Promise<Answer[]> {
  const pending: Promise<Answer>[] = [];
  const deadline = Date.now() + options.maxMs;
  let stopped = false;
  void options.until?.finally(() => {
    stopped = true;
  });
  const gapMs = 1000 / options.perSecond;
  while (!stopped && Date.now() < deadline && pending.length < options.perSecond * 600) {
    pending.push(request(target, pending.length % 2 === 0 ? "read" : "write"));
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return Promise.all(pending);
}
