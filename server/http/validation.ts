import type * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import { textAt } from "../../contracts/exports/export-columns.ts";
import { ApiError } from "../domain/platform/outcome.ts";

type Issue = z.core.$ZodIssue;

/**
 * Parse options for every request the server validates: an issue keeps its schema's own message (an i18n key) or
 * the bare "Invalid input" that describeIssues words itself. Without them, the English messages the full "zod"
 * installs for the whole process when any module imports it (biome.json refuses that import) would replace that wording.
 */
const ownMessagesOnly: z.core.ParseContext<z.core.$ZodIssue> = { error: () => "Invalid input" };

/** A request's params, query or body as its schema reads it, or a 400 answer with errCode 1001 saying what is wrong. */
export function parseRequest<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input, ownMessagesOnly);
  if (!result.success) throw new ApiError(errCodes.validation, describeIssues(result.error.issues, input), 400);
  return result.data;
}

/** The en-US text of an i18n key such as `validation.emailFormat`, or the key itself. */
export function englishText(key: string): string {
  return textAt(enUS, key) ?? key;
}

/** One readable line for the errMsg of a 1001 answer: "email: E-mail format error; …". */
export function describeIssues(issues: readonly Issue[], input: unknown): string {
  const lines = issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    const text = issueText(issue, valueAt(input, issue.path));
    return field ? `${field}: ${text}` : text;
  });
  return [...new Set(lines)].join("; ");
}

function issueText(issue: Issue, value: unknown): string {
  // zod/mini carries no English messages: ours are i18n keys, the rest say "Invalid input".
  if (issue.message && issue.message !== "Invalid input") return englishText(issue.message);
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined) return englishText("validation.required");
      if (issue.path.length === 0 && issue.expected === "object") return "The body must be a JSON object";
      return `Expected ${issue.expected}, got ${value === null ? "null" : Array.isArray(value) ? "array" : typeof value}`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`;
    case "invalid_value":
      return `Must be one of: ${issue.values.map(String).join(", ")}`;
    case "too_small":
      return `at least ${bound(issue.origin, issue.minimum)}`;
    case "too_big":
      return issue.origin === "string"
        ? `${englishText("validation.tooLong")} (at most ${bound(issue.origin, issue.maximum)})`
        : `at most ${bound(issue.origin, issue.maximum)}`;
    case "invalid_key": {
      // A record's key: its own schema's message says what a key must be.
      const [inner] = issue.issues;
      return inner ? issueText(inner, value) : "Invalid value";
    }
    default:
      return "Invalid value";
  }
}

/** A size limit as a caller reads it: a number's own value, else how many characters or items. */
function bound(origin: string, limit: number | bigint): string {
  if (origin === "string") return `${limit} characters`;
  if (origin === "array" || origin === "set") return `${limit} item${limit === 1 ? "" : "s"}`;
  return String(limit);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}
