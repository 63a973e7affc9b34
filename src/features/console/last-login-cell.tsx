import { Button } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { selectLastLoginLine } from "../../../machines/auth/last-login-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { formatDateTime } from "../../i18n/format.ts";
import { provideLastLogin } from "./console-machines.ts";

/** "Previous sign-in": when and from where, asked for each time the console home mounts. */
export function LastLoginCell() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const actor = useActorRef(provideLastLogin(services));
  const line = useSelector(actor, selectLastLoginLine);
  const canRetry = useSelector(actor, (s) => s.can({ type: "lastLogin.retry" }));

  let text: string;
  if (line.kind === "loading") text = t("console.lastLoginLoading");
  else if (line.kind === "failed") text = t("console.lastLoginFailed");
  else if (line.kind === "firstSignIn") text = t("console.never");
  else text = `${formatDateTime(line.at, i18n.language)}${line.ip ? ` · ${line.ip}` : ""}`;

  return (
    <td data-testid="last-login" aria-busy={line.kind === "loading" || undefined}>
      {text}
      {canRetry ? (
        <>
          {" "}
          <Button
            size="small"
            variant="minimal"
            text={t("console.lastLoginRetry")}
            onClick={() => actor.send({ type: "lastLogin.retry" })}
          />
        </>
      ) : null}
    </td>
  );
}
