import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ActorRefFrom } from "xstate";
import type { appAddMachine } from "../../../machines/apps/app-add.ts";
import { selectOffersPackages } from "../../../machines/apps/app-add-selectors.ts";
import { FormDialog } from "../../app/form-dialog.tsx";
import { routePaths } from "../../app/route-names.ts";
import { AppFields, emptyAppFields } from "./app-fields.tsx";

/** "Add application": its fields; when the package stands in the way, the way to the packages. */
export function AppAddDialog({ actor }: { actor: ActorRefFrom<typeof appAddMachine> }) {
  const { t } = useTranslation();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const offersPackages = useSelector(actor, selectOffersPackages);
  const [form, setForm] = useState(emptyAppFields);
  return (
    <FormDialog
      actor={actor}
      title={t("apps.addTitle")}
      submitText={t("apps.addSubmit")}
      onSubmit={() => actor.send({ type: "app.add", ...form })}
      onClosed={() => setForm(emptyAppFields)}
    >
      {offersPackages ? (
        <p data-testid="apps-packages-offer">
          <Link to={routePaths.orderBuy} className="bp6-button bp6-intent-primary">
            <span className="bp6-button-text">{t("apps.seePackages")}</span>
          </Link>
        </p>
      ) : null}
      <AppFields form={form} onChange={setForm} fieldErrors={fieldErrors} />
    </FormDialog>
  );
}
