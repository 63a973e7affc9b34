import enUS from "../../locales/en-US.json" with { type: "json" };
import { pageAddition } from "../../src/api/error-policy-page.ts";

/** The en-US text of an i18n key, so printed steps say what the merchant reads. */
export function english(key: string | undefined): string {
  if (!key) return "";
  let node: unknown = enUS;
  for (const part of key.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? `"${node}"` : key;
}

/** How a failure is said: the toast's words once, and what the page adds (src/api/error-policy-page.ts). */
export function saidOnce(failure: { errCode: string; errMsg: string }): string {
  const addition = pageAddition(failure);
  if (addition.kind === "unreported") return `the page says "${failure.errMsg}"`;
  const known = /^\d+$/.test(failure.errCode) ? english(`errors.${failure.errCode}`) : "";
  const toast = known.startsWith('"') ? known : `"${failure.errMsg || "Request Error"}"`;
  if (addition.kind === "nothing") return `a toast says ${toast}`;
  const where =
    addition.kind === "field" ? `the ${addition.field} field is marked, takes the focus and says` : "the page adds";
  return `a toast says ${toast}; ${where} ${english(addition.nextStep)}`;
}

/** What a form shows wrong: each field error in en-US, then the failure as it is said (`saidOnce`). */
export function problemsOf(context: {
  fieldErrors: Partial<Record<string, string>>;
  failure: { errCode: string; errMsg: string } | null;
}): string[] {
  return [...Object.values(context.fieldErrors).map(english), ...(context.failure ? [saidOnce(context.failure)] : [])];
}

/** ", showing" and a form's problems (`problemsOf`), or nothing where it has none. */
export function showingProblems(context: Parameters<typeof problemsOf>[0]): string {
  const problems = problemsOf(context);
  return problems.length ? `, showing ${problems.join(", ")}` : "";
}
