import { instance, type Viz } from "@viz-js/viz";
import { escapeXml } from "./xml.ts";

let viz: Promise<Viz> | null = null;

/** What an element of the drawing stands for: hover text, and classes for styling and tests. */
export interface ElementMeaning {
  title: string;
  className: string;
}

/**
 * Lays out DOT with Graphviz (compiled to WebAssembly) and returns the <svg> element's markup, ready to inline.
 * Each element whose id `meanings` knows gets that <title> (Graphviz titles an edge `a->b`; a line of a
 * state's box, id `line_…`, gets none and its id prefixed `a_`), so a hover and a screen reader say what it means.
 */
export async function renderSvg(
  dot: string,
  meanings: ReadonlyMap<string, ElementMeaning> = new Map(),
): Promise<string> {
  viz ??= instance();
  const result = (await viz).render(dot, { format: "svg" });
  if (result.status !== "success")
    throw new Error(`Graphviz could not lay out the diagram: ${result.errors.map((e) => e.message).join("; ")}`);
  const svg = result.output.slice(result.output.indexOf("<svg"));
  return svg
    .replace(/<g id="([^"]+)" class="([^"]*)">\n<title>[^<]*<\/title>/g, (whole, id: string, classes: string) => {
      const meaning = meanings.get(id);
      return meaning ? `<g id="${id}" class="${classes}">\n<title>${escapeXml(meaning.title)}</title>` : whole;
    })
    .replace(/<g id="a_(line_[^"]+)"><a /g, (whole, id: string) => {
      const meaning = meanings.get(id);
      return meaning
        ? `<g id="${id}" class="${meaning.className} internal"><title>${escapeXml(meaning.title)}</title><a `
        : whole;
    })
    .replace(/<!--[\s\S]*?-->\n?/g, "");
}
