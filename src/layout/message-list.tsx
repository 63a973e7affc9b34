import { Button, NonIdealState, Tag } from "@blueprintjs/core";
import { Envelope, InfoSign, Properties, Tick } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { Message, MessageType } from "../../contracts/schemas/messages.ts";
import { formatDateTime } from "../i18n/format.ts";
import { messageText } from "./message-text.ts";

const typeIcons = { message: <Envelope />, notice: <InfoSign />, todo: <Properties /> } satisfies Record<
  MessageType,
  unknown
>;

export interface MessageListProps {
  type: MessageType;
  items: Message[];
  /** The first load has not answered yet: nothing to say "empty" about. */
  waiting: boolean;
  canRead: (ids: readonly string[]) => boolean;
  onRead: (ids: readonly string[]) => void;
  unreadIds: readonly string[];
}

/** One tab of the message box: its messages, newest first, unread ones marked, and "Mark all read". */
export function MessageList({ type, items, waiting, canRead, onRead, unreadIds }: MessageListProps) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) {
    return waiting ? null : (
      <NonIdealState
        className="message-empty"
        icon={typeIcons[type]}
        title={t(`messageBox.empty.${type}`)}
        layout="horizontal"
      />
    );
  }
  return (
    <>
      <ul className="message-list">
        {items.map((m) => {
          const unread = m.status === 0;
          const title = messageText(i18n, m, "title");
          return (
            <li
              key={m.id}
              className={unread ? "message-item message-unread" : "message-item"}
              data-testid="message-item"
              data-status={m.status}
            >
              <span className="message-icon" aria-hidden="true">
                {m.avatar ? <img src={m.avatar} alt="" width={24} height={24} /> : typeIcons[m.type]}
              </span>
              <div className="message-body">
                <div className="message-title">
                  <strong>{title}</strong>
                  {unread ? (
                    <Tag minimal intent="primary" round>
                      {t("messageBox.unread")}
                    </Tag>
                  ) : null}
                  {m.messageType !== undefined && [0, 1, 2, 3].includes(m.messageType) ? (
                    <Tag minimal>{t(`messageBox.progress.${m.messageType as 0 | 1 | 2 | 3}`)}</Tag>
                  ) : null}
                </div>
                {m.subTitle ? <div className="bp6-text-muted">{messageText(i18n, m, "subTitle")}</div> : null}
                {m.content ? <p className="message-content">{messageText(i18n, m, "content")}</p> : null}
                <time className="bp6-text-muted bp6-text-small" dateTime={m.time}>
                  {formatDateTime(m.time, i18n.language)}
                </time>
              </div>
              {unread ? (
                <Button
                  size="small"
                  variant="minimal"
                  icon={<Tick />}
                  text={t("messageBox.markRead")}
                  aria-label={`${t("messageBox.markRead")}: ${title}`}
                  disabled={!canRead([m.id])}
                  onClick={() => onRead([m.id])}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="message-tab-actions">
        <Button
          size="small"
          variant="outlined"
          text={t("messageBox.markAllRead")}
          disabled={!canRead(unreadIds)}
          onClick={() => onRead(unreadIds)}
        />
      </div>
    </>
  );
}
