import { Button, HTMLSelect } from "@blueprintjs/core";
import { ChevronLeft, ChevronRight } from "@blueprintjs/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PaginationView } from "../../../machines/orders/order-list-selectors.ts";

/** The page numbers to offer: the first, the last, and two either side of the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const shown = [...new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2])]
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const p of shown) {
    const last = out.at(-1);
    if (typeof last === "number" && p - last > 1) out.push(p - last === 2 ? last + 1 : null);
    out.push(p);
  }
  return out;
}

interface OrderPaginationProps {
  view: PaginationView;
  onPage(page: number): void;
  onPageSize(pageSize: number): void;
}

export function OrderPagination({ view, onPage, onPageSize }: OrderPaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { page, pageCount, pageSize, total } = view;
  return (
    <nav className="order-pagination" aria-label={t("orders.pagination.label")}>
      <span className="order-pagination-summary" data-testid="orders-summary">
        {t("orders.pagination.summary", { count: total, page, pageCount })}
      </span>
      <span className="order-pagination-pages">
        <Button
          size="small"
          variant="minimal"
          icon={<ChevronLeft />}
          aria-label={t("orders.pagination.previous")}
          title={t("orders.pagination.previous")}
          disabled={!view.canPrevious}
          onClick={() => onPage(page - 1)}
        />
        {pageWindow(page, pageCount).map((p, index) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
            <span key={`gap-${index}`} className="order-pagination-gap" aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={p}
              size="small"
              variant={p === page ? "solid" : "minimal"}
              intent={p === page ? "primary" : "none"}
              text={String(p)}
              aria-label={t("orders.pagination.page", { page: p })}
              aria-current={p === page ? "page" : undefined}
              disabled={p !== page && !view.canPage(p)}
              onClick={() => onPage(p)}
            />
          ),
        )}
        <Button
          size="small"
          variant="minimal"
          icon={<ChevronRight />}
          aria-label={t("orders.pagination.next")}
          title={t("orders.pagination.next")}
          disabled={!view.canNext}
          onClick={() => onPage(page + 1)}
        />
      </span>
      <span className="order-pagination-size">
        <label htmlFor={sizeId}>{t("orders.pagination.pageSize")}</label>
        <HTMLSelect
          id={sizeId}
          value={pageSize}
          disabled={!view.canPageSize}
          onChange={(event) => onPageSize(Number(event.currentTarget.value))}
        >
          {view.pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </HTMLSelect>
      </span>
    </nav>
  );
}
