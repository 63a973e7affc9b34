import { Button, Callout, PopoverNext, SegmentedControl, Spinner, Tab, Tabs, Tag } from "@blueprintjs/core";
import { Cross, Notifications, Refresh } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useId } from "react";
import type { MessageType } from "../../contracts/schemas/messages.ts";
import { type MessageBoxActor, unreadCount } from "../../machines/shell/message-box.ts";
import { selectMessagePanel } from "../../machines/shell/message-box-selectors.ts";
import { useServices, useSessionActor } from "../app/services-context.tsx";
import { ModalDrawer } from "../ui/modal-drawer.tsx";
import { MessageList } from "./message-list.tsx";
import { provideMessageBox } from "./shell-machines.ts";
import { usePageAddition } from "../app/failure-callout.tsx";

/**
 * The navbar's message box (spec section 2): unread badge, tabs Message, Notice, Todo, and the role switch. A popover
 * under the bell on a wide screen, a full-screen sheet on a narrow one (the shell layout's `messageBox`).
 */
export function MessageBox({ presentation }: { presentation: "popover" | "sheet" }) {
  const { t } = useTranslation();
  const services = useServices();
  // Started on mount, so the badge counts before the box is ever opened.
  const actor = useActorRef(provideMessageBox(services));
  const open = useSelector(actor, (s) => s.context.open);
  const total = useSelector(actor, (s) => unreadCount(s.context));
  const label = t("messageBox.openLabel", { count: total });
  const bell = (
    <Button
      variant="minimal"
      icon={<Notifications />}
      aria-label={label}
      title={label}
      text={
        total > 0 ? (
          <Tag round intent="danger" className="message-badge" data-testid="message-badge">
            {total}
          </Tag>
        ) : undefined
      }
      onClick={presentation === "sheet" ? () => actor.send({ type: "box.open" }) : undefined}
    />
  );
  if (presentation === "sheet") {
    return (
      <>
        {bell}
        <ModalDrawer
          isOpen={open}
          position="bottom"
          size="100%"
          label={t("messageBox.title")}
          onClose={() => actor.send({ type: "box.close" })}
          className="message-sheet"
        >
          <MessagePanel actor={actor} onClose={() => actor.send({ type: "box.close" })} />
        </ModalDrawer>
      </>
    );
  }
  return (
    <PopoverNext
      isOpen={open}
      placement="bottom-end"
      onInteraction={(next) => actor.send({ type: next ? "box.open" : "box.close" })}
      content={<MessagePanel actor={actor} />}
    >
      {bell}
    </PopoverNext>
  );
}

function MessagePanel({ actor, onClose }: { actor: MessageBoxActor; onClose?: () => void }) {
  const { t } = useTranslation();
  const nextStep = usePageAddition();
  // The panel shows only while open; its view is built anew on every snapshot (canRead answers for any ids).
  const { tab, loading, failure, readFailure, canReload, tabs, canRead } = useSelector(actor, selectMessagePanel);

  return (
    <section className="message-box" aria-label={t("messageBox.title")}>
      <header className="message-box-header">
        <strong>{t("messageBox.title")}</strong>
        {loading ? <Spinner size={16} aria-label={t("messageBox.loading")} /> : null}
        <Button
          size="small"
          variant="minimal"
          icon={<Refresh />}
          aria-label={t("messageBox.refresh")}
          title={t("messageBox.refresh")}
          disabled={!canReload}
          onClick={() => actor.send({ type: "messages.reload" })}
        />
        {onClose ? (
          <Button
            variant="minimal"
            icon={<Cross />}
            aria-label={t("messageBox.close")}
            title={t("messageBox.close")}
            onClick={onClose}
          />
        ) : null}
      </header>
      {loading ? (
        <p className="bp6-text-muted message-box-status" role="status">
          {t("messageBox.loading")}
        </p>
      ) : null}
      {failure ? (
        <Callout intent="danger" role="alert" compact className="message-box-status">
          {t("messageBox.loadFailed")} {nextStep(failure)}{" "}
          <Button
            size="small"
            intent="danger"
            text={t("messageBox.retry")}
            onClick={() => actor.send({ type: "messages.reload" })}
          />
        </Callout>
      ) : null}
      {readFailure ? (
        <Callout intent="warning" role="alert" compact className="message-box-status">
          {t("messageBox.readFailed")} {nextStep(readFailure)}
        </Callout>
      ) : null}
      <Tabs
        id="message-box-tabs"
        aria-label={t("messageBox.tabsLabel")}
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => actor.send({ type: "tab.select", tab: next as MessageType })}
      >
        {tabs.map((view) => (
          <Tab
            key={view.type}
            id={view.type}
            title={t(`messageBox.tabs.${view.type}`)}
            tagContent={view.unread}
            tagProps={{ round: true, intent: view.unread > 0 ? "primary" : "none" }}
            panel={
              <MessageList
                type={view.type}
                items={view.items}
                waiting={view.waiting}
                unreadIds={view.unreadIds}
                canRead={canRead}
                onRead={(ids) => actor.send({ type: "message.read", ids })}
              />
            }
          />
        ))}
      </Tabs>
      <RoleSwitch />
    </section>
  );
}

/** Spec section 6: the role (user or admin) switches on the client only. */
function RoleSwitch() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const role = useSelector(session, (s) => s.context.role);
  const roleName = t(`roles.${role || "none"}`);
  const hintId = useId();
  return (
    <footer className="message-box-footer">
      <span data-testid="current-role">{t("messageBox.currentRole", { role: roleName })}</span>
      <SegmentedControl
        aria-label={t("messageBox.role")}
        aria-describedby={hintId}
        size="small"
        value={role || undefined}
        options={(["user", "admin"] as const).map((value) => ({ value, label: t(`roles.${value}`) }))}
        onValueChange={(value) => session.send({ type: "role.switch", role: value })}
      />
      <p id={hintId} className="bp6-text-muted message-box-role-hint">
        {t("messageBox.roleHint")}
      </p>
    </footer>
  );
}
