import { Button, Callout, Card, H1, H2, Spinner } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUsdt } from "../../i18n/format.ts";
import type { WithdrawalAddress } from "../../../contracts/schemas/wallet.ts";
import type { OpenWithdrawal } from "../../../contracts/schemas/open-api.ts";
import { selectWalletPage, type WalletPageView } from "../../../machines/wallet/wallet-page-selectors.ts";
import { withdrawalListArea } from "../../../machines/wallet/withdrawal-list.ts";
import { ListFeedTag } from "../../app/list-heading.tsx";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { useServices } from "../../app/services-context.tsx";
import { actorClock } from "../../app/services.ts";
import { AddressBook } from "./address-book.tsx";
import { AddressAddDialog, AddressRemoveDialog } from "./address-dialogs.tsx";
import { PaymentAddress } from "./payment-address.tsx";
import { WalletFigure } from "./wallet-figure.tsx";
import { WithdrawDialog } from "./withdraw-dialog.tsx";
import {
  provideAddressAdd,
  provideAddressRemove,
  provideWithdrawalApprove,
  provideWithdrawalReject,
  provideWalletPage,
  provideWithdraw,
  provideWithdrawalExport,
  provideWithdrawalList,
} from "./wallet-machines.ts";
import { WithdrawalApproveDialog, WithdrawalRejectDialog } from "./withdrawal-decision-dialogs.tsx";
import { WithdrawalList } from "./withdrawal-list.tsx";
import "./wallet.css";

/**
 * My wallet: the balance that may be withdrawn and what withdrawals hold, the payment address (a transfer to
 * it is a recharge), the withdrawal address book, the withdrawal dialog, and the withdrawals (on the list framework,
 * their search in the address bar).
 */
export default function WalletPage() {
  return <ListInUrl area={withdrawalListArea} page={Wallet} />;
}

function Wallet({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  // Asked again when a destination's cool-down ends: on the console's timers, as the withdrawals' poll is.
  const page = useActorRef(provideWalletPage(services), { clock: actorClock(services) });
  // The withdrawals follow the wallet's live stream, and tell the figures when money moved.
  const figures = { moved: () => page.send({ type: "wallet.changed" }) };
  const withdrawals = useActorRef(provideWithdrawalList(services, figures), {
    input: { area: withdrawalListArea, search: url.search, pageSize: url.pageSize },
    clock: actorClock(services),
  });
  useSearchInUrl(withdrawals, url);
  const exporter = useActorRef(provideWithdrawalExport(services));
  // Refresh: the figures, the book and the withdrawals as the server has them now.
  const reloadAll = () => {
    page.send({ type: "wallet.reload" });
    withdrawals.send({ type: "list.reload" });
  };
  // A dialog's change: the same, after a load already under way if there is one.
  const reload = {
    changed() {
      figures.moved();
      withdrawals.send({ type: "list.reload" });
    },
  };
  const add = useActorRef(provideAddressAdd(services, reload));
  const remove = useActorRef(provideAddressRemove(services, reload));
  const withdraw = useActorRef(provideWithdraw(services, reload));
  const approve = useActorRef(provideWithdrawalApprove(services, reload));
  const reject = useActorRef(provideWithdrawalReject(services, reload));
  const [removing, setRemoving] = useState<WithdrawalAddress | null>(null);
  const [deciding, setDeciding] = useState<OpenWithdrawal | null>(null);
  const decide = {
    onApprove(withdrawal: OpenWithdrawal) {
      setDeciding(withdrawal);
      approve.send({ type: "dialog.open" });
    },
    onReject(withdrawal: OpenWithdrawal) {
      setDeciding(withdrawal);
      reject.send({ type: "dialog.open" });
    },
  };
  const view = useSelector(page, selectWalletPage);

  return (
    <section className="page wallet-page" aria-labelledby="wallet-title">
      <div className="list-heading">
        <H1 id="wallet-title" className="page-title">
          {t("wallet.title")}
        </H1>
        <ListFeedTag area="withdrawals" list={withdrawals} />
      </div>
      {view.kind === "loading" ? <Spinner size={24} aria-label={t("wallet.loading")} /> : null}
      {view.kind === "failed" ? (
        <Callout intent="danger" role="alert" data-testid="wallet-failed">
          {t("wallet.failed")}{" "}
          <Button
            size="small"
            intent="danger"
            text={t("wallet.retry")}
            onClick={() => page.send({ type: "wallet.retry" })}
          />
        </Callout>
      ) : null}
      {view.kind === "ready" ? (
        <>
          <div className="card-grid">
            <BalanceCard view={view} onWithdraw={() => withdraw.send({ type: "dialog.open" })} onReload={reloadAll} />
            <PaymentAddress payment={view.data.payment} />
          </div>
          <AddressBook
            book={view.data.book}
            offered={view.data.overview.withdrawalsOffered}
            onAdd={() => add.send({ type: "dialog.open" })}
            onRemove={(destination) => {
              setRemoving(destination);
              remove.send({ type: "dialog.open" });
            }}
          />
          <WithdrawalList list={withdrawals} exporter={exporter} decide={decide} />
          <WithdrawalApproveDialog
            actor={approve}
            withdrawal={deciding}
            secondFactorOn={view.data.overview.secondFactorOn}
          />
          <WithdrawDialog actor={withdraw} overview={view.data.overview} destinations={view.usable} />
          <AddressAddDialog
            actor={add}
            chains={view.data.overview.chains.map((c) => c.chain)}
            secondFactorOn={view.data.overview.secondFactorOn}
          />
        </>
      ) : null}
      <AddressRemoveDialog actor={remove} destination={removing} />
      <WithdrawalRejectDialog actor={reject} withdrawal={deciding} />
    </section>
  );
}

interface BalanceCardProps {
  view: Extract<WalletPageView, { kind: "ready" }>;
  onWithdraw(): void;
  onReload(): void;
}

/** Available, held by withdrawals in flight, and what is left of the day's limit; Withdraw when a destination can receive. */
function BalanceCard({ view, onWithdraw, onReload }: BalanceCardProps) {
  const { t, i18n } = useTranslation();
  const { overview } = view.data;
  const figures: Array<[string, string, string]> = [
    ["available", t("wallet.available"), overview.available],
    ["held", t("wallet.held"), overview.held],
    [
      "daily-left",
      t("wallet.dailyLeft", { limit: formatUsdt(overview.dailyLimit, i18n.language) }),
      overview.dailyLeft,
    ],
  ];
  return (
    <Card className="wallet-balance" data-testid="wallet-balance" aria-labelledby="wallet-balance-title">
      <div className="wallet-card-head">
        <H2 id="wallet-balance-title" className="card-title">
          {t("wallet.balance")}
        </H2>
        <Button size="small" variant="minimal" text={t("wallet.reload")} loading={view.reloading} onClick={onReload} />
      </div>
      <dl className="wallet-figures" aria-busy={view.reloading || undefined}>
        {figures.map(([id, term, amount]) => (
          <div key={id} className="wallet-figure">
            <dt className="bp6-text-muted">{term}</dt>
            <WalletFigure id={id} amount={amount} language={i18n.language} />
          </div>
        ))}
      </dl>
      <Button intent="primary" text={t("wallet.withdraw")} disabled={!view.canWithdraw} onClick={onWithdraw} />
      {view.withdrawHint ? <p className="bp6-text-muted wallet-hint">{t(view.withdrawHint)}</p> : null}
    </Card>
  );
}
