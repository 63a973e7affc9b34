import { createContext, type ReactNode, useContext } from "react";
import type { Services } from "./services.ts";

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** Everything, for the pages that wire a machine (`provideX(useServices())`); a component takes one hook below. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices needs a ServicesProvider above it");
  return services;
}

// One hook per long-lived actor and per service a view uses: a component depends on what it names, not on all.
export const useSessionActor = (): Services["session"] => useServices().session;
export const useSettingsActor = (): Services["settings"] => useServices().settings;
export const useTabsActor = (): Services["tabs"] => useServices().tabs;
export const useNavDrawerActor = (): Services["navDrawer"] => useServices().navDrawer;
export const useLanguageChangeActor = (): Services["languageChange"] => useServices().languageChange;
export const useNotify = (): Services["notify"] => useServices().notify;
