import { H1, Tag } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { listMachine } from "../../machines/lists/list-machine.ts";
import { selectListFeed } from "../../machines/lists/list-selectors.ts";

/**
 * A list page's title and, for a live list, whether its rows arrive as they change ("Live") or every 5 s after the
 * stream failed: `<area>.title`, `<area>.feed.*`, the tag's test id `<area>-feed`; the page's actions at its end.
 */
export function ListHeading({ area, list, actions }: ListFeedProps & { actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="list-heading">
      <span className="list-heading-title">
        <H1 id={`${area}-title`} className="page-title">
          {t(`${area}.title` as never)}
        </H1>
        <ListFeedTag area={area} list={list} />
      </span>
      {actions ? <span className="list-heading-actions">{actions}</span> : null}
    </div>
  );
}

interface ListFeedProps {
  area: string;
  list: ActorRefFrom<typeof listMachine>;
}

/** A live list's feed, beside the title of the page it is on: `<area>.feed.*`, test id `<area>-feed`; nothing if not live. */
export function ListFeedTag({ area, list }: ListFeedProps) {
  const { t } = useTranslation();
  const feed = useSelector(list, selectListFeed);
  if (feed === "off") return null;
  return (
    <Tag minimal round intent={feed === "polling" ? "warning" : "success"} data-testid={`${area}-feed`}>
      {t(`${area}.feed.${feed}` as never)}
    </Tag>
  );
}
