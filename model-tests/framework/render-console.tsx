import { act, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { vi } from "vitest";
import type { ApiReporter } from "../../src/api/client.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { reportingApi } from "./fake-api.ts";
import type { Api } from "../../src/api/make-api.ts";
import { AppFrame, AppScreens } from "../../src/app/app.tsx";
import { fakeMatchMedia } from "../../src/app/fake-match-media.ts";
import { preloadRoute } from "../../src/app/route-modules.ts";
import { createServices, type Timers } from "../../src/app/services.ts";
import type { MatchMedia } from "../../src/app/viewport-service.ts";
import { createI18n } from "../../src/i18n/i18n.ts";
import type { Locale } from "../../contracts/schemas/fields.ts";

/** Shows where the console is, and lets a step type a URL as into the address bar. */
function LocationProbe({ addressBar }: { addressBar: { navigate: NavigateFunction | null } }) {
  const location = useLocation();
  addressBar.navigate = useNavigate();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Timers stepped by the path ("wait one second") instead of the clock. */
export function manualTimers(): Timers & { tick(): void } {
  const ticks = new Set<() => void>();
  return {
    every(_ms, tick) {
      ticks.add(tick);
      return () => ticks.delete(tick);
    },
    tick: () => {
      for (const tick of [...ticks]) tick();
    },
  };
}

/** A screen whose width the path sets: the console's media query answers narrow or wide, and reports each change. */
export function fakeScreen() {
  const screen = fakeMatchMedia();
  return {
    matchMedia: screen.matchMedia,
    /** Resizes across the breakpoint (or not), as turning a phone or dragging a window's edge would. */
    resize: (toNarrow: boolean) => act(() => screen.resize(toNarrow)),
  };
}

/**
 * Loads the code of the page at `url` (signed in or not, as storage says). A page whose code fails to load is tried
 * again by its lazy route when it renders, as src/main.tsx lets it.
 */
const loadPageCode = (url: string): Promise<unknown> => {
  const { pathname, search } = new URL(url, "http://console.test");
  return preloadRoute({ pathname, search }, Boolean(localStorage.getItem(storageKeys.token))).catch(() => undefined);
};

/**
 * The real console (routes, views, machines, error policy) at `url`, over a fake API; a wide screen unless `matchMedia`
 * says otherwise; in English unless `locale` says otherwise.
 */
export async function renderConsole(options: {
  url: string;
  api: Api;
  storage?: Record<string, string>;
  matchMedia?: MatchMedia;
  locale?: Locale;
}) {
  localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) localStorage.setItem(key, value);
  // As the console's boot does (src/main.tsx), the first page's code loads beside the locale: a path's first wait is
  // then for the page alone, not for its modules too (over 5 s while npm test runs other stages on the same cores).
  const [i18n] = await Promise.all([createI18n(options.locale ?? "en-US"), loadPageCode(options.url)]);
  const notifications: string[] = [];
  /** The red toasts, in order: what the error policy said (spec section 8). */
  const errorToasts: string[] = [];
  const timers = manualTimers();
  const reload = vi.fn();
  /** Where the page left the console for (the hosted checkout page). */
  const leave = vi.fn<(path: string) => void>();
  /** The files the console handed to the browser to save (a list's export), with their text. */
  const savedFiles: Array<{ fileName: string; text: Promise<string> }> = [];
  let reporter: ApiReporter | null = null;
  const services = createServices({
    storage: localStorage,
    notify: {
      success: (m) => notifications.push(m),
      info: (m) => notifications.push(m),
      error: (m) => {
        notifications.push(m);
        errorToasts.push(m);
      },
      outcome: (m) => notifications.push(m),
      pageChanged: () => {},
      hush: () => () => {},
    },
    i18n,
    reload,
    leave,
    timers,
    matchMedia: options.matchMedia,
    saveFile: (file) => savedFiles.push({ fileName: file.fileName, text: file.blob.text() }),
    api: (r) => {
      reporter = r;
      return reportingApi(options.api, r);
    },
  });
  const addressBar: { navigate: NavigateFunction | null } = { navigate: null };
  const view = render(
    <AppFrame services={services} i18n={i18n}>
      <MemoryRouter initialEntries={[options.url]}>
        <AppScreens />
        <LocationProbe addressBar={addressBar} />
      </MemoryRouter>
    </AppFrame>,
  );
  return {
    view,
    services,
    i18n,
    t: (key: string, values?: Record<string, unknown>) => String(i18n.t(key as never, values as never)),
    user: userEvent.setup({ delay: null }),
    notifications,
    errorToasts,
    timers,
    reload,
    leave,
    savedFiles,
    reporter: () => reporter as unknown as ApiReporter,
    location: () => view.getByTestId("location").textContent ?? "",
    /**
     * Goes to a URL as a merchant typing it would, once the page's code is loaded (as for the first page above): the
     * step's wait is then for the page, not for its modules too.
     */
    go: async (path: string) => {
      await loadPageCode(path);
      await act(() => void addressBar.navigate?.(path));
    },
    cleanup: () => {
      services.session.stop();
      view.unmount();
    },
  };
}

export type ConsoleHarness = Awaited<ReturnType<typeof renderConsole>>;
