export interface RateWindow {
  max: number;
  seconds: number;
}

export interface Limits {
  codeTtlSeconds: number;
  resendAfterSeconds: number;
  /** The wrong try that reaches this count burns the code. */
  codeMaxAttempts: number;
  codesPerEmail: RateWindow;
  codesPerIp: RateWindow;
  loginFailuresPerEmail: RateWindow;
  loginFailuresPerIp: RateWindow;
  /** Demo orders (/demo01) one address may create. */
  demoOrdersPerIp: RateWindow;
  sessionDays: number;
}

export const defaultLimits: Limits = {
  codeTtlSeconds: 600,
  resendAfterSeconds: 60,
  codeMaxAttempts: 5,
  codesPerEmail: { max: 5, seconds: 3600 },
  codesPerIp: { max: 30, seconds: 3600 },
  loginFailuresPerEmail: { max: 10, seconds: 900 },
  loginFailuresPerIp: { max: 50, seconds: 900 },
  demoOrdersPerIp: { max: 30, seconds: 600 },
  sessionDays: 30,
};

/** Outside production every browser test comes from one loopback address: per-IP limits ×10. */
export function developmentLimits(): Limits {
  const relax = (w: RateWindow): RateWindow => ({ ...w, max: w.max * 10 });
  return {
    ...defaultLimits,
    codesPerIp: relax(defaultLimits.codesPerIp),
    loginFailuresPerIp: relax(defaultLimits.loginFailuresPerIp),
    demoOrdersPerIp: relax(defaultLimits.demoOrdersPerIp),
  };
}
