import { Button, HTMLSelect } from "@blueprintjs/core";
import "./list-page.css";
import { ChevronLeft, ChevronRight } from "@blueprintjs/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PagingView } from "../../machines/lists/keyset-paging.ts";
import { type PagedArea, pagingSummary } from "./paging-summary.ts";

interface ListPagingProps {
  /** The list: its `<area>.pagination` texts, and the summary's test id `<area>-summary`. */
  area: PagedArea;
  view: PagingView;
  onPage(page: number): void;
  onPageSize(pageSize: number): void;
}

/** How many rows, which page, the previous and next page, and how many rows a page shows (list-page.css). */
export function ListPaging({ area, view, onPage, onPageSize }: ListPagingProps) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const { page, pageSize } = view;
  const labels = {
    label: t(`${area}.pagination.label`),
    previous: t(`${area}.pagination.previous`),
    next: t(`${area}.pagination.next`),
    pageSize: t(`${area}.pagination.pageSize`),
  };
  return (
    <nav className="list-paging" aria-label={labels.label}>
      <span data-testid={`${area}-summary`}>{pagingSummary(t, i18n.language, area, view)}</span>
      <span className="list-paging-pages">
        <Button
          variant="minimal"
          icon={<ChevronLeft />}
          aria-label={labels.previous}
          title={labels.previous}
          disabled={!view.canPrevious}
          onClick={() => onPage(page - 1)}
        />
        <Button
          variant="minimal"
          icon={<ChevronRight />}
          aria-label={labels.next}
          title={labels.next}
          disabled={!view.canNext}
          onClick={() => onPage(page + 1)}
        />
      </span>
      <span className="list-paging-size">
        <label htmlFor={sizeId}>{labels.pageSize}</label>
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
