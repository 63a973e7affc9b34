import enUS from "../../locales/en-US.json" with { type: "json" };

/** The en-US text of an i18n key, so printed steps say what the merchant reads. */
export function english(key: string | undefined): string {
  if (!key) return "";
  let node: unknown = enUS;
  for (const part of key.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? `"${node}"` : key;
}
