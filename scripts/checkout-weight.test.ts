import { describe, expect, it } from "vitest";
import { checkoutWeight, firstPaintProblems, type Manifest } from "./checkout-weight.ts";

const manifest: Manifest = {
  "pay.html": { file: "assets/pay-1.js", isEntry: true, imports: ["_shared-2.js"], css: ["assets/pay-3.css"] },
  "_shared-2.js": { file: "assets/shared-2.js", imports: ["pay.html"] },
  "locales/en-US.checkout.js": { file: "assets/en-US.checkout-4.js" },
  "locales/ja-JP.checkout.js": { file: "assets/ja-JP.checkout-5.js" },
  "locales/th-TH.checkout.js": { file: "assets/th-TH.checkout-6.js" },
  "src/checkout/lazy.tsx": { file: "assets/lazy-7.js" },
};
const sizes: Record<string, number> = {
  "assets/pay-1.js": 1000,
  "assets/shared-2.js": 200,
  "assets/pay-3.css": 30,
  "assets/en-US.checkout-4.js": 4,
  "assets/ja-JP.checkout-5.js": 5,
  "assets/th-TH.checkout-6.js": 6,
  "assets/lazy-7.js": 7000,
};

describe("the checkout page's weight budget (the build's check)", () => {
  it("counts the entry, what it imports and its CSS, English's part and the largest other language's, nothing lazy", () => {
    const weight = checkoutWeight(manifest, (file) => sizes[file] ?? Number.NaN);
    expect(weight.files.map((f) => f.file).sort()).toEqual([
      "assets/en-US.checkout-4.js",
      "assets/pay-1.js",
      "assets/pay-3.css",
      "assets/shared-2.js",
      "assets/th-TH.checkout-6.js",
    ]);
    expect(weight.totalGzip9Bytes).toBe(1240);
  });

  it("refuses a manifest without the page", () => {
    expect(() => checkoutWeight({ "index.html": { file: "assets/index.js", isEntry: true } }, () => 1)).toThrow(
      "no pay.html entry",
    );
  });
});

describe("the checkout page's first paint (the build's check)", () => {
  const shell = '<div id="root"><svg data-checkout-shell></svg></div>';
  const preload = '<link rel="preload" as="style" crossorigin href="/assets/pay-1.css">';

  it("passes a page with a shell and its stylesheet preloaded", () => {
    expect(firstPaintProblems(`<head>${preload}</head><body>${shell}</body>`)).toEqual([]);
  });

  it("names a render-blocking stylesheet and a missing shell", () => {
    expect(
      firstPaintProblems('<head><link rel="stylesheet" crossorigin href="/assets/pay-1.css"></head><div id="root"></div>'),
    ).toEqual([
      "pay.html has no shell to paint (data-checkout-shell)",
      "pay.html links a render-blocking stylesheet",
      "pay.html preloads no stylesheet",
    ]);
  });
});
