import { Button, HTMLSelect } from "@blueprintjs/core";
import { ChevronLeft, ChevronRight } from "@blueprintjs/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BillPagingView } from "../../../machines/bills/bill-list-selectors.ts";

interface BillPagingProps {
  view: BillPagingView;
  onPage(page: number): void;
  onPageSize(pageSize: number): void;
}

/** How many bills, which page, the previous and next page, and how many rows a page shows. */
export function BillPaging({ view, onPage, onPageSize }: BillPagingProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { page, pageCount, pageSize, total } = view;
  return (
    <nav className="bill-pagination" aria-label={t("bills.pagination.label")}>
      <span data-testid="bills-summary">{t("bills.pagination.summary", { count: total, page, pageCount })}</span>
      <span className="bill-pagination-pages">
        <Button
          variant="minimal"
          icon={<ChevronLeft />}
          aria-label={t("bills.pagination.previous")}
          title={t("bills.pagination.previous")}
          disabled={!view.canPrevious}
          onClick={() => onPage(page - 1)}
        />
        <Button
          variant="minimal"
          icon={<ChevronRight />}
          aria-label={t("bills.pagination.next")}
          title={t("bills.pagination.next")}
          disabled={!view.canNext}
          onClick={() => onPage(page + 1)}
        />
      </span>
      <span className="bill-pagination-size">
        <label htmlFor={sizeId}>{t("bills.pagination.pageSize")}</label>
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
