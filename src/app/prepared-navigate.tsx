import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from "react";
import { type NavigateOptions, useNavigate } from "react-router";

type Prepare = (to: string) => Promise<unknown>;

const PrepareContext = createContext<Prepare>(() => Promise.resolve());

/** Given by the route table (app-routes.tsx): loads the code of the page an address shows. */
export function PrepareNavigation({ prepare, children }: { prepare: Prepare; children: ReactNode }) {
  return <PrepareContext.Provider value={prepare}>{children}</PrepareContext.Provider>;
}

/**
 * A navigation the console starts itself (registered, password reset, signed in) that waits for the next page's code
 * first, once however often a re-render asks. Otherwise the address names the next page while the last one is still
 * on screen (React keeps it up until the new page's chunk arrives), and what the merchant types meanwhile goes into a
 * form that is going away. A page left in between (unmounted) does not navigate.
 */
export function usePreparedNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const prepare = useContext(PrepareContext);
  const mounted = useRef(true);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(
    (to, options) => {
      if (pending.current === to) return; // asked again by a re-render while its page loads
      pending.current = to;
      // A chunk that fails to load fails again in the route's own Suspense, where its error is shown.
      void prepare(to)
        .catch(() => undefined)
        .then(() => {
          pending.current = null;
          if (mounted.current) navigate(to, options);
        });
    },
    [navigate, prepare],
  );
}
