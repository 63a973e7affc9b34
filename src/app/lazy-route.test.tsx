import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyRoute } from "./lazy-route.ts";

const Page = ({ name }: { name: string }) => <h1>{name}</h1>;
const page = (module: Promise<{ default: typeof Page }>) => lazyRoute(() => module);

describe("lazyRoute", () => {
  it("suspends like React.lazy until its module is there", () => {
    const Lazy = page(new Promise(() => {}));
    expect(
      renderToString(
        <Suspense fallback={<p>loading</p>}>
          <Lazy name="x" />
        </Suspense>,
      ),
    ).toContain("loading");
    expect(Lazy.loaded()).toBe(false);
  });

  it("renders at once, without its fallback, once preloaded", async () => {
    const Lazy = page(Promise.resolve({ default: Page }));
    await Lazy.preload();
    expect(Lazy.loaded()).toBe(true);
    const html = renderToString(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="Sign in" />
      </Suspense>,
    );
    expect(html).toContain("<h1>Sign in</h1>");
    expect(html).not.toContain("loading");
  });

  it("loads once however often it is preloaded, and tries again after a failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({ default: Page });
    const Lazy = lazyRoute(load);
    await expect(Lazy.preload()).rejects.toThrow("offline");
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(renderToString(<Lazy name="again" />)).toContain("again");
  });
});
