import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useSessionActor } from "../app/services-context.tsx";

/** The blocking dialog of spec section 8, opened when an answer carries a re-login code. */
export function ReloginDialog() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const open = useSelector(session, (s) => s.hasTag("reloginOpen"));
  const busy = useSelector(session, (s) => s.hasTag("reloginBusy"));
  const title = useSelector(session, (s) => s.context.expiredMessage);
  return (
    <Dialog
      isOpen={open}
      title={title || t("session.expiredTitle")}
      isCloseButtonShown={false}
      canOutsideClickClose={false}
      canEscapeKeyClose={false}
    >
      <DialogBody>{t("session.expiredText")}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t("common.cancel")}
              disabled={busy}
              onClick={() => session.send({ type: "relogin.cancel" })}
            />
            <Button
              intent="primary"
              text={t("session.relogin")}
              loading={busy}
              onClick={() => session.send({ type: "relogin.confirm" })}
              autoFocus
            />
          </>
        }
      />
    </Dialog>
  );
}
