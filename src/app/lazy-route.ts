import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Module<T> = { default: T };
// biome-ignore lint/suspicious/noExplicitAny: React.lazy itself takes a component of any props.
type AnyComponent = ComponentType<any>;

export type PreloadableComponent<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Starts loading the module (once) and resolves when it is there. */
  preload(): Promise<Module<T>>;
  /** Whether the module has arrived, so rendering will not suspend. */
  loaded(): boolean;
};

/**
 * React.lazy that can be loaded ahead of rendering. Once `preload()` has resolved, the first render gets the
 * module synchronously (a thenable that calls back at once settles React's lazy payload before it would
 * suspend), so a page loaded before hydration or before a navigation never shows its Suspense fallback.
 */
export function lazyRoute<T extends AnyComponent>(load: () => Promise<Module<T>>): PreloadableComponent<T> {
  let module: Module<T> | undefined;
  let pending: Promise<Module<T>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        module = m;
        return m;
      },
      (error: unknown) => {
        // A failed load (a deploy replaced the chunk, the network dropped) may be tried again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // React.lazy only calls `then`; a real promise would call back a microtask later, after React has suspended.
  const settled = (m: Module<T>) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once is the point here.
    ({ then: (resolve: (value: Module<T>) => unknown) => void resolve(m) }) as unknown as Promise<Module<T>>;
  const component = lazy(() => (module ? settled(module) : preload()));
  return Object.assign(component, { preload, loaded: () => module !== undefined });
}
