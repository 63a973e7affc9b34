import { Button, Card, H1, HTMLTable, Tag } from "@blueprintjs/core";
import { Edit, Refresh } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import {
  selectEmail,
  selectNickName,
  selectProfileLoading,
  selectUserId,
} from "../../../machines/auth/session-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { formatDate } from "../../i18n/format.ts";
import { provideNicknameEdit } from "../../layout/shell-machines.ts";
import { NicknameDialog } from "../../layout/nickname-dialog.tsx";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";
import { SecurityActivity } from "./security-activity.tsx";
import { provideSecurityActivity } from "./user-machines.ts";

/** User centre: e-mail, nickname (editable), role, user ID; the second factor; recent security activity, which shows it turned on or off. */
export default function UserCentrePage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { session } = services;
  const registrationDate = useSelector(session, (s) => s.context.profile?.registrationDate);
  const email = useSelector(session, selectEmail);
  const nickName = useSelector(session, selectNickName);
  const userId = useSelector(session, selectUserId);
  const role = useSelector(session, (s) => s.context.role);
  const loading = useSelector(session, selectProfileLoading);
  const nickname = useActorRef(provideNicknameEdit(services));
  const activity = useActorRef(provideSecurityActivity(services));
  const registered = registrationDate ? formatDate(registrationDate, i18n.language) : "";
  return (
    <section className="page" aria-labelledby="user-centre-title">
      <H1 id="user-centre-title" className="page-title">
        {t("menu.userCentre")}
      </H1>
      <Button
        className="page-action"
        icon={<Refresh />}
        text={t("profile.refresh")}
        loading={loading}
        onClick={() => session.send({ type: "profile.reload" })}
      />
      <div className="card-grid">
        <Card className="account-card">
          <HTMLTable compact className="account-table">
            <tbody>
              <tr>
                <th scope="row">{t("fields.email")}</th>
                <td data-value="">
                  <BreakableValue text={email} />
                </td>
              </tr>
              <tr>
                <th scope="row">{t("fields.nickName")}</th>
                <td>
                  <span data-testid="user-centre-nickname" data-value="">
                    <BreakableValue text={nickName} />
                  </span>{" "}
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<Edit />}
                    aria-label={t("navbar.editProfile")}
                    onClick={() => nickname.send({ type: "dialog.open" })}
                  />
                </td>
              </tr>
              <tr>
                <th scope="row">{t("fields.role")}</th>
                <td>{role ? <Tag minimal>{t(`roles.${role}`)}</Tag> : t("roles.none")}</td>
              </tr>
              <tr>
                <th scope="row">{t("fields.userId")}</th>
                <td data-value="">{userId}</td>
              </tr>
              {registered ? (
                <tr>
                  <th scope="row">{t("fields.registered")}</th>
                  <td>{registered}</td>
                </tr>
              ) : null}
            </tbody>
          </HTMLTable>
        </Card>
        <TwoFactorCard onChanged={() => activity.send({ type: "securityActivity.reload" })} />
        <SecurityActivity actor={activity} />
      </div>
      <NicknameDialog actor={nickname} current={nickName} />
    </section>
  );
}
