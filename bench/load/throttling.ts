/**
 * Chromium's network emulation with Lighthouse's "slow 4G" (mobileSlow4G in lighthouse core/config/constants.js:
 * 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up). DevTools throttling works per request, not per packet, so Lighthouse
 * applies it (throttlingMethod "devtools", core/lib/emulation.js) with its adjustment factors: request latency
 * 150 × 3.75 = 562.5 ms, download 1.6 × 1024 × 0.9 = 1474.56 kbit/s, upload 750 × 0.9 = 675 kbit/s, sent to
 * Network.emulateNetworkConditions in bytes per second (kbit/s × 1024 / 8). These are the numbers used here.
 *
 * CPU: Lighthouse's mobile profile also slows the CPU 4× (Emulation.setCPUThrottlingRate). The bench does not by
 * default — the figures on a shared 2-core machine are already slower than Lighthouse's reference desktop, and the
 * goals are about the network — but BENCH_SLOW4G_CPU=4 applies it to the slow-4G loads.
 */
import type { CDPSession } from "playwright-core";

export interface Throttling {
  name: string;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
  cpuSlowdown: number;
}

const rttAdjustment = 3.75;
const throughputAdjustment = 0.9;
const kbitToBytes = (kbit: number) => Math.floor((kbit * 1024) / 8);

export const slow4G: Throttling = {
  name: "slow 4G",
  latencyMs: 150 * rttAdjustment,
  downloadBytesPerSecond: kbitToBytes(1.6 * 1024 * throughputAdjustment),
  uploadBytesPerSecond: kbitToBytes(750 * throughputAdjustment),
  cpuSlowdown: Math.max(1, Number(process.env.BENCH_SLOW4G_CPU ?? 1)),
};

/** On the page's session, before it navigates. */
export async function applyThrottling(cdp: CDPSession, throttling: Throttling): Promise<void> {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: throttling.downloadBytesPerSecond,
    uploadThroughput: throttling.uploadBytesPerSecond,
  });
  if (throttling.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttling.cpuSlowdown });
}
