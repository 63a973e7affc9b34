import { Button, Card, H2, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { WithdrawalAddress, WithdrawalAddressList } from "../../../contracts/schemas/wallet.ts";
import { formatDateTime } from "../../i18n/format.ts";
import { BreakableToken } from "../../ui/breakable-value.tsx";

interface AddressBookProps {
  book: WithdrawalAddressList;
  /** Withdrawals are offered here: destinations can be added. */
  offered: boolean;
  onAdd(): void;
  onRemove(destination: WithdrawalAddress): void;
}

/** The withdrawal address book: each destination, and when a new one becomes usable (the cool-down). */
export function AddressBook({ book, offered, onAdd, onRemove }: AddressBookProps) {
  const { t, i18n } = useTranslation();
  const hours = Math.round(book.cooldownSeconds / 3600);
  return (
    <Card className="wallet-book" data-testid="wallet-book" aria-labelledby="wallet-book-title">
      <div className="wallet-card-head">
        <H2 id="wallet-book-title" className="card-title">
          {t("wallet.addressBook")}
        </H2>
        <Button size="small" intent="primary" text={t("wallet.addAddress")} disabled={!offered} onClick={onAdd} />
      </div>
      <p className="bp6-text-muted" data-testid="wallet-cooldown">
        {book.cooldownSeconds === 0 ? t("wallet.cooldownNone") : t("wallet.cooldownHint", { count: hours })}
      </p>
      {book.items.length === 0 ? (
        <p className="bp6-text-muted" data-testid="wallet-book-empty">
          {t("wallet.noAddresses")}
        </p>
      ) : (
        <ul className="wallet-destinations">
          {book.items.map((item) => (
            <li key={item.id} className="wallet-destination" data-testid="wallet-destination">
              <span className="wallet-destination-what">
                <strong>{item.label}</strong>
                <Tag minimal>{item.chain}</Tag>
                {item.usable ? (
                  <Tag minimal intent="success">
                    {t("wallet.usable")}
                  </Tag>
                ) : (
                  <Tag minimal intent="warning">
                    {t("wallet.usableFrom", { time: formatDateTime(item.usableAt, i18n.language) })}
                  </Tag>
                )}
              </span>
              <span className="wallet-destination-address" data-value="">
                <BreakableToken text={item.address} />
              </span>
              <Button
                size="small"
                variant="outlined"
                text={t("wallet.remove")}
                aria-label={t("wallet.removeNamed", { label: item.label })}
                onClick={() => onRemove(item)}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
