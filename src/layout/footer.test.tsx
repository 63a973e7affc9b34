import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n/i18n.ts";
import { Footer } from "./footer.tsx";

describe("the console's footer", () => {
  it("dates the copyright with the year it is shown in, not a year written once", async () => {
    const i18n = await createI18n("en-US");
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Footer />
      </I18nextProvider>,
    );
    expect(html).toContain(`Copyright © ${new Date().getFullYear()} Merchant Console.`);
  });
});
