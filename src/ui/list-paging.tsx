import { Button, HTMLSelect } from "@blueprintjs/core";
import "./list-page.css";
import { ChevronLeft, ChevronRight } from "@blueprintjs/icons";
import { useId } from "react";

/** What a list's selector gives the paging bar. */
export interface ListPagingView {
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  canPrevious: boolean;
  canNext: boolean;
  canPageSize: boolean;
}

/** The bar's words, in the merchant's language: its name, how many and which page, the buttons, the size's label. */
export interface ListPagingLabels {
  label: string;
  summary: string;
  previous: string;
  next: string;
  pageSize: string;
}

interface ListPagingProps {
  view: ListPagingView;
  labels: ListPagingLabels;
  /** The test id of the summary ("how many, page n of m"). */
  summaryTestId: string;
  onPage(page: number): void;
  onPageSize(pageSize: number): void;
}

/** How many rows, which page, the previous and next page, and how many rows a page shows (list-page.css). */
export function ListPaging({ view, labels, summaryTestId, onPage, onPageSize }: ListPagingProps) {
  const sizeId = useId();
  const { page, pageSize } = view;
  return (
    <nav className="list-paging" aria-label={labels.label}>
      <span data-testid={summaryTestId}>{labels.summary}</span>
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
