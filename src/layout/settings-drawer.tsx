import { Button, Callout, Classes, FormGroup, Switch } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { menuWidthRange } from "../../machines/shell/settings.ts";
import { useNotify, useSettingsActor } from "../app/services-context.tsx";
import { ModalDrawer } from "../ui/modal-drawer.tsx";
import { LanguageSelect } from "./language-select.tsx";

export const settingsDrawerWidth = 300;

const toggles = ["navbar", "menu", "topMenu", "tabBar", "footer", "colorWeak", "menuFromServer"] as const;

/** The settings drawer of spec section 2: every change applies at once and is kept. Full width on a narrow screen. */
export function SettingsDrawer({ fullWidth }: { fullWidth: boolean }) {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const notify = useNotify();
  const open = useSelector(settings, (s) => s.hasTag("drawerOpen"));
  const values = useSelector(settings, (s) => s.context.settings);
  const menuFailed = useSelector(settings, (s) => s.hasTag("menuFailed"));
  const colorId = useId();
  const widthId = useId();
  const titleId = useId();
  const serverMenuHintId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(values, null, 2));
      notify.success(t("common.copySuccess"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  };

  const width = fullWidth ? "100%" : settingsDrawerWidth;
  return (
    <ModalDrawer
      isOpen={open}
      position="right"
      size={width}
      labelledBy={titleId}
      onClose={() => settings.send({ type: "drawer.close" })}
      className="settings-drawer"
    >
      {/* Headings a level under the page's <h1> (Blueprint's Drawer would make its title an <h4>), sized as Blueprint's drawer title and sections. */}
      <div className={Classes.DRAWER_HEADER}>
        <h2 id={titleId} className={`${Classes.HEADING} drawer-title`}>
          {t("settings.title")}
        </h2>
      </div>
      <div className="bp6-drawer-body settings-body">
        <Callout intent="primary" icon={false} compact>
          {t("settings.info")}
        </Callout>
        <h3 className={`${Classes.HEADING} drawer-section-title`}>{t("settings.theme")}</h3>
        <FormGroup label={t("settings.themeColor")} labelFor={colorId} inline>
          <input
            id={colorId}
            type="color"
            value={values.themeColor}
            onChange={(e) => settings.send({ type: "setting.change", key: "themeColor", value: e.currentTarget.value })}
          />
        </FormGroup>
        <Switch
          checked={values.theme === "dark"}
          label={t("navbar.darkTheme")}
          onChange={() => settings.send({ type: "theme.toggle" })}
        />
        <h3 className={`${Classes.HEADING} drawer-section-title`}>{t("settings.layout")}</h3>
        {fullWidth ? <p className="bp6-text-muted settings-narrow-note">{t("settings.narrowNote")}</p> : null}
        <FormGroup label={t("settings.menuWidth")} labelFor={widthId} inline>
          <input
            id={widthId}
            className="bp6-input menu-width-input"
            type="number"
            value={values.menuWidth}
            min={menuWidthRange.min}
            max={menuWidthRange.max}
            step={menuWidthRange.step}
            onChange={(e) =>
              settings.send({ type: "setting.change", key: "menuWidth", value: e.currentTarget.valueAsNumber })
            }
          />
        </FormGroup>
        {toggles.map((key) => (
          <Switch
            key={key}
            checked={values[key]}
            label={t(`settings.${key}`)}
            aria-describedby={key === "menuFromServer" ? serverMenuHintId : undefined}
            onChange={(e) => settings.send({ type: "setting.change", key, value: e.currentTarget.checked })}
          />
        ))}
        <p id={serverMenuHintId} className="bp6-text-muted settings-hint">
          {t("settings.menuFromServerHint")}
        </p>
        {menuFailed ? (
          <Callout intent="danger" icon={false} compact role="alert">
            {t("settings.menuFailed")}{" "}
            <Button
              size="small"
              variant="outlined"
              text={t("settings.retry")}
              onClick={() => settings.send({ type: "serverMenu.retry" })}
            />
          </Callout>
        ) : null}
        <FormGroup label={t("language.label")}>
          <LanguageSelect />
        </FormGroup>
      </div>
      <div className="bp6-drawer-footer settings-footer">
        <Button text={t("settings.close")} onClick={() => settings.send({ type: "drawer.close" })} />
        <Button intent="primary" text={t("settings.copy")} onClick={copy} />
      </div>
    </ModalDrawer>
  );
}
