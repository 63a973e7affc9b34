import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ActorRefFrom } from "xstate";
import { invoiceExpiry } from "../../../contracts/schemas/invoice-states.ts";
import { paymentLinkExpiries } from "../../../contracts/schemas/invoices.ts";
import {
  chosenAppCode,
  type PaymentLinkForm,
  type paymentLinkMachine,
  paymentLinkSubmit,
} from "../../../machines/invoices/payment-link.ts";
import { selectMadeLink } from "../../../machines/invoices/payment-link-selectors.ts";
import type { AppOption } from "../../../machines/lists/app-choices.ts";
import type { AppChoicesView } from "../../../machines/lists/list-selectors.ts";
import { FormDialog } from "../../app/form-dialog.tsx";
import { routePaths } from "../../app/route-names.ts";
import { formatDateTime, formatUsdt } from "../../i18n/format.ts";
import { FormField } from "../../ui/form-field.tsx";
import { QrCode } from "../../ui/qr-code.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { CheckoutLink } from "./checkout-link.tsx";

type PaymentLinkActor = ActorRefFrom<typeof paymentLinkMachine>;

const emptyForm = (choices: readonly AppOption[] | null): PaymentLinkForm => ({
  appCode: choices?.[0]?.appCode ?? "",
  amount: "",
  description: "",
  expiresInSeconds: String(invoiceExpiry.defaultSeconds),
  redirectUrl: "",
});

interface PaymentLinkDialogProps {
  actor: PaymentLinkActor;
  /** The merchant's applications, as Invoices' filter has them: on their way, not read, or known. */
  apps: AppChoicesView;
  /** Asks for the applications again (with Invoices' page). */
  onRetryApps(): void;
}

/**
 * "Create a payment link": the form, then the link it made with its QR code. The link is for one of the merchant's
 * applications: until they are known the choice waits (and so does the submit), and without any the dialog says
 * where to add one.
 */
export function PaymentLinkDialog({ actor, apps, onRetryApps }: PaymentLinkDialogProps) {
  const { t } = useTranslation();
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const choices = apps.kind === "known" ? apps.apps : null;
  const [form, setForm] = useState(() => emptyForm(choices));
  const [requestId, setRequestId] = useState("");
  const set = (field: keyof PaymentLinkForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const appCode = chosenAppCode(form.appCode, choices);
  return (
    <>
      <FormDialog
        actor={actor}
        title={t("invoices.link.title")}
        submitText={t("invoices.link.submit")}
        onOpening={() => {
          setForm(emptyForm(choices));
          setRequestId(crypto.randomUUID());
        }}
        canSubmit={choices !== null && choices.length > 0}
        onSubmit={() => actor.send(paymentLinkSubmit({ ...form, appCode }, requestId))}
      >
        <p className="bp6-text-muted">{t("invoices.link.lead")}</p>
        <LinkApplication apps={apps} appCode={appCode} onChange={set("appCode")} error={fieldErrors.appCode} />
        {apps.kind === "failed" ? (
          <Callout intent="danger" role="alert" className="payment-link-apps-failed">
            {t("invoices.link.appsFailed")}{" "}
            <Button size="small" intent="danger" text={t("invoices.link.appsRetry")} onClick={onRetryApps} />
          </Callout>
        ) : null}
        <FormField
          label={t("invoices.link.amount")}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onValueChange={set("amount")}
          error={fieldErrors.amount}
        />
        <FormField
          label={t("invoices.link.description")}
          name="description"
          autoComplete="off"
          value={form.description}
          onValueChange={set("description")}
          error={fieldErrors.description}
        />
        <SelectField
          label={t("invoices.link.expiry")}
          value={form.expiresInSeconds}
          onChange={set("expiresInSeconds")}
          options={paymentLinkExpiries.map((seconds) => ({
            value: String(seconds),
            text: t(`invoices.link.expiries.${seconds}`),
          }))}
          error={fieldErrors.expiresInSeconds}
        />
        <FormField
          label={t("invoices.link.redirectUrl")}
          name="redirectUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={form.redirectUrl}
          onValueChange={set("redirectUrl")}
          error={fieldErrors.redirectUrl}
        />
      </FormDialog>
      <MadeLinkDialog actor={actor} />
    </>
  );
}

interface LinkApplicationProps {
  apps: AppChoicesView;
  appCode: string;
  onChange(appCode: string): void;
  error: string | undefined;
}

/** The application a link is for: its choice, held while the applications load or could not be read; or none yet. */
function LinkApplication({ apps, appCode, onChange, error }: LinkApplicationProps) {
  const { t } = useTranslation();
  if (apps.kind === "known" && apps.apps.length === 0)
    return (
      <Callout intent="warning" data-testid="payment-link-no-apps">
        <p>{t("invoices.link.noApps")}</p>
        <Link to={routePaths.app} className="bp6-button">
          <span className="bp6-button-text">{t("invoices.toApps")}</span>
        </Link>
      </Callout>
    );
  const options = (apps.kind === "known" ? apps.apps : ([] as AppOption[])).map((app) => ({
    value: app.appCode,
    text: `${app.name} (${app.appCode})`,
  }));
  return (
    <SelectField
      label={t("invoices.link.application")}
      value={appCode}
      onChange={onChange}
      options={options}
      disabled={apps.kind === "failed"}
      {...(apps.kind === "loading" ? { busy: t("invoices.link.appsLoading") } : {})}
      error={error}
    />
  );
}

/** The link made: what it asks for, its QR code for a phone, its URL to copy or open; Close, or make another. */
function MadeLinkDialog({ actor }: { actor: PaymentLinkActor }) {
  const { t, i18n } = useTranslation();
  const link = useSelector(actor, selectMadeLink);
  const close = () => actor.send({ type: "dialog.close" });
  return (
    <Dialog isOpen={link !== null} title={t("invoices.link.madeTitle")} onClose={close} className="payment-link-made">
      <DialogBody>
        {link ? (
          <div data-testid="payment-link-made">
            <p>
              {t("invoices.link.madeSummary", {
                amount: formatUsdt(link.amount, i18n.language),
                orderId: link.orderId,
                expiresAt: formatDateTime(link.expiresAt, i18n.language),
              })}
            </p>
            <p className="bp6-text-muted">{t("invoices.details.paymentLinkHint")}</p>
            <QrCode
              value={link.checkoutUrl}
              label={t("invoices.link.qrLabel")}
              size={176}
              className="payment-link-qr"
              testId="payment-link-qr"
            />
            <p className="invoice-link">
              <CheckoutLink url={link.checkoutUrl} />
            </p>
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("invoices.link.another")} onClick={() => actor.send({ type: "dialog.open" })} />
            <Button intent="primary" text={t("invoices.details.close")} onClick={close} />
          </>
        }
      />
    </Dialog>
  );
}
