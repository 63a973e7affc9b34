import "i18next";
import type enUS from "../../locales/en-US.json";

// Keys are typed from en-US.json: a key missing there fails the typecheck.
declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: typeof enUS };
  }
}
