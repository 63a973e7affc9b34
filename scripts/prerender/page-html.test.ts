import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cspHash, pageHtml, pickingCss } from "./page-html.ts";

const indexHtml = `<!doctype html>
<html lang="en-US">
  <head>
    <title>Merchant Console</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-1.js">
    <link rel="stylesheet" crossorigin href="/assets/app-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const input = {
  indexHtml,
  defaultVariant: { key: "en-US", markup: "<main><h1>Sign in</h1></main>", title: "Sign in · Merchant Console" },
  otherVariants: [{ key: "zh-CN", markup: "<main><h1>登录</h1></main>", title: '登录 · "商户" & 控制台' }],
  blueprintCss: ":focus{outline:2px solid}",
  appCss: "body{margin:0}",
  headScript: "(function(){})();",
  bodyScript: "(function(){})();",
  modulePreloads: ["/assets/login-page-1.js"],
};

const contentOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? "";

describe("a prerendered page's HTML", () => {
  const { html, scriptHashes, styleHashes } = pageHtml(input);

  it("has the default variant in #root and the others as templates, then the body script", () => {
    expect(html).toContain(
      '<div id="root" data-prerendered data-variant="en-US"><main><h1>Sign in</h1></main></div><template data-variant="zh-CN" data-title="登录 · &quot;商户&quot; &amp; 控制台"><main><h1>登录</h1></main></template><script>(function(){})();</script>',
    );
    expect(html).toContain("<title>Sign in · Merchant Console</title>");
  });

  it("inlines the styles instead of the render-blocking stylesheet, and keeps the entry with its preloads", () => {
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain("<style data-critical-blueprint>:focus{outline:2px solid}</style>");
    expect(html).toContain(`<style data-app-styles>body{margin:0}\n${pickingCss}</style>`);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-1.js">');
    expect(html.indexOf("<style data-critical-blueprint>")).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it("lists the sha256 of every inline script and style, as the CSP compares them", () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(styleHashes).toEqual([
      sha(contentOf(html, /<style data-critical-blueprint>([\s\S]*?)<\/style>/)),
      sha(contentOf(html, /<style data-app-styles>([\s\S]*?)<\/style>/)),
    ]);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => sha(m[1] ?? ""));
    expect(scripts.sort()).toEqual([...scriptHashes].sort());
    expect(cspHash("x")).toBe(sha("x"));
  });

  it("refuses an index.html it does not understand, and inline text that would end its element", () => {
    expect(() => pageHtml({ ...input, indexHtml: indexHtml.replace('<div id="root"></div>', "") })).toThrow(/root/);
    expect(() => pageHtml({ ...input, indexHtml: indexHtml.replace(/<link rel="stylesheet"[^>]*>/, "") })).toThrow(
      /stylesheet/,
    );
    expect(() => pageHtml({ ...input, appCss: "a{}</style><script>x()</script>" })).toThrow(/<\/style/);
    expect(() => pageHtml({ ...input, headScript: "'</script>'" })).toThrow(/<\/script/);
  });
});
