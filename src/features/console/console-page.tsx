import { Button, Card, H1, H2, HTMLTable, Spinner } from "@blueprintjs/core";
import { Duplicate } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LastLoginResult } from "../../../contracts/schemas/auth.ts";
import { useServices } from "../../app/services-context.tsx";
import { formatDateTime } from "../../i18n/format.ts";

/** Who is signed in. The rest of the console home (figures, trends, entrances) comes with its own issue. */
export default function ConsolePage() {
  const { t, i18n } = useTranslation();
  const { session, api, notify } = useServices();
  const user = useSelector(session, (s) => s.context.user);
  const profile = useSelector(session, (s) => s.context.profile);
  const loading = useSelector(session, (s) => s.matches({ signedIn: "loadingProfile" }));
  const [lastLogin, setLastLogin] = useState<LastLoginResult | null>(null);

  useEffect(() => {
    let live = true;
    api.lastLogin().then((result) => live && setLastLogin(result), () => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  const userId = profile?.userId ?? user?.id ?? "";
  const copyId = async () => {
    await navigator.clipboard?.writeText(userId);
    notify.success(t("common.copySuccess"));
  };
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, i18n.language) : t("console.never"));

  return (
    <section className="page" aria-labelledby="console-title">
      <H1 id="console-title" className="page-title">{t("console.welcome", { name: profile?.nickName || user?.nickName || user?.email })}</H1>
      <Card className="account-card">
        <H2 className="card-title">{t("console.account")}</H2>
        {loading && !profile ? <Spinner size={20} aria-label={t("common.loading")} /> : null}
        <HTMLTable compact className="account-table">
          <tbody>
            <tr>
              <th scope="row">{t("fields.email")}</th>
              <td data-testid="account-email">{profile?.email ?? user?.email}</td>
            </tr>
            <tr>
              <th scope="row">{t("fields.nickName")}</th>
              <td data-testid="account-nickname">{profile?.nickName ?? user?.nickName}</td>
            </tr>
            <tr>
              <th scope="row">{t("fields.userId")}</th>
              <td>
                <span data-testid="account-user-id">{userId}</span>{" "}
                <Button variant="minimal" size="small" icon={<Duplicate />} aria-label={t("console.copyUserId")} onClick={copyId} />
              </td>
            </tr>
            <tr>
              <th scope="row">{t("console.lastLogin")}</th>
              <td>
                {when(lastLogin?.lastLoginAt)}
                {lastLogin?.lastLoginIp ? ` · ${lastLogin.lastLoginIp}` : ""}
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
    </section>
  );
}
