import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles/app.css";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { createServices } from "./app/services.ts";
import { createI18n } from "./i18n/i18n.ts";
import { storedLocale } from "./i18n/locales.ts";
import { createToastNotifier } from "./ui/notifier.ts";

const locale = storedLocale(localStorage);
const i18n = await createI18n(locale);
document.documentElement.lang = locale;
const services = createServices({
  storage: localStorage,
  notify: createToastNotifier(),
  i18n,
  reload: () => window.location.reload(),
  matchMedia: (query) => window.matchMedia(query),
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(<App services={services} i18n={i18n} />);
