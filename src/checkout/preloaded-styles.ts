/**
 * The page's stylesheets arrive as `<link rel="preload" as="style">` (vite.checkout.config.ts), so that the HTML's
 * shell paints without waiting for them. They are applied here, and the page renders once they are in, never
 * unstyled. A stylesheet that fails to load lets the page render anyway: readable beats blank.
 */
export function applyPreloadedStyles(doc: Document): Promise<void[]> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((applied) => {
          const sheet = doc.createElement("link");
          sheet.rel = "stylesheet";
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.href = preload.href;
          sheet.addEventListener("load", () => applied());
          sheet.addEventListener("error", () => applied());
          doc.head.append(sheet);
        }),
    ),
  );
}
