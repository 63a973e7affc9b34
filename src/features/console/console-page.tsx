import { Button, Card, H1, H2, HTMLTable, Spinner } from "@blueprintjs/core";
import { Duplicate } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import {
  selectAwaitingProfile,
  selectDisplayName,
  selectEmail,
  selectNickName,
  selectUserId,
} from "../../../machines/auth/session-selectors.ts";
import { useNotify, useSessionActor } from "../../app/services-context.tsx";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { LastLoginCell } from "./last-login-cell.tsx";
import { SubscriptionCard } from "./subscription-card.tsx";
import { ConsoleFigures } from "./console-figures.tsx";
import { QuickEntrances } from "./quick-entrances.tsx";
import { HelpDocuments } from "./help-documents.tsx";
import "./console-home.css";

/**
 * The console home: who is signed in, their package with its resource check, upgrade and trial, the
 * figures (balance, main-chain amount, today's receipts) with their trend, the quick entrances and the help documents.
 */
export default function ConsolePage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const notify = useNotify();
  const awaitingProfile = useSelector(session, selectAwaitingProfile);
  const displayName = useSelector(session, selectDisplayName);
  const email = useSelector(session, selectEmail);
  const nickName = useSelector(session, selectNickName);
  const userId = useSelector(session, selectUserId);

  const copyId = async () => {
    await navigator.clipboard?.writeText(userId);
    notify.success(t("common.copySuccess"));
  };

  return (
    <section className="page" aria-labelledby="console-title">
      <H1 id="console-title" className="page-title">
        {t("console.welcome", { name: displayName })}
      </H1>
      <div className="card-grid">
        <Card className="account-card">
          <H2 className="card-title">{t("console.account")}</H2>
          {awaitingProfile ? <Spinner size={20} aria-label={t("common.loading")} /> : null}
          <HTMLTable compact className="account-table">
            <tbody>
              <tr>
                <th scope="row">{t("fields.email")}</th>
                <td data-testid="account-email" data-value="">
                  <BreakableValue text={email} />
                </td>
              </tr>
              <tr>
                <th scope="row">{t("fields.nickName")}</th>
                <td data-testid="account-nickname" data-value="">
                  <BreakableValue text={nickName} />
                </td>
              </tr>
              <tr>
                <th scope="row">{t("fields.userId")}</th>
                <td>
                  <span data-testid="account-user-id" data-value="">
                    {userId}
                  </span>{" "}
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<Duplicate />}
                    aria-label={t("console.copyUserId")}
                    onClick={copyId}
                  />
                </td>
              </tr>
              <tr>
                <th scope="row">{t("console.lastLogin")}</th>
                <LastLoginCell />
              </tr>
            </tbody>
          </HTMLTable>
        </Card>
        <SubscriptionCard />
      </div>
      <ConsoleFigures />
      <QuickEntrances />
      <HelpDocuments />
    </section>
  );
}
