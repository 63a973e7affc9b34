import { podmanAsync } from "./podman.ts";

/**
 * A server instance stopped as an orchestrator stops it (SIGTERM, `podman stop`): its own /readyz answers 503 while it
 * drains (DRAIN_SECONDS), then nothing; meanwhile and afterwards every request through the proxy is answered (nginx
 * passes a 503 or a refused connection on to the other instance). Answers what was seen.
 */
export async function stoppedInstanceRoutedAround(container: string, instanceAddress: string, proxyBase: string) {
  const statuses = (await Promise.allSettled([fetch(`http://${instanceAddress}:8080/readyz`)]))[0]!;
  if (statuses.status !== "fulfilled" || statuses.value.status !== 200) throw new Error(`${container} was not ready`);
  const stopping = podmanAsync("stop", "-t", "40", container);
  const instance: string[] = [];
  const viaProxy: number[] = [];
  let stopped = false;
  void stopping.then(() => (stopped = true));
  const probeProxy = async () => {
    const answer = await fetch(`${proxyBase}/readyz`).catch(() => null);
    viaProxy.push(answer?.status ?? 0);
  };
  while (!stopped) {
    const answer = await fetch(`http://${instanceAddress}:8080/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      async (r) => `${r.status} ${(await r.text()).slice(0, 60)}`,
      (error: Error) => `refused (${error.cause instanceof Error ? error.cause.message : error.message})`,
    );
    if (instance.at(-1) !== answer) instance.push(answer);
    await probeProxy();
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopping;
  const after = await fetch(`http://${instanceAddress}:8080/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => `${r.status}`,
    () => "no answer",
  );
  for (let i = 0; i < 20; i++) await probeProxy();
  const failed = viaProxy.filter((status) => status !== 200).length;
  if (!instance.some((seen) => seen.startsWith("503")))
    throw new Error(`${container}'s /readyz never answered 503 while it drained: ${instance.join(" → ")}`);
  if (after !== "no answer") throw new Error(`${container} still answers /readyz after its stop: ${after}`);
  if (failed)
    throw new Error(`${failed} of ${viaProxy.length} requests through the proxy failed: ${viaProxy.join(",")}`);
  return { instanceReadyz: instance, afterStop: after, proxyAnswers: `${viaProxy.length} of ${viaProxy.length} 200` };
}
