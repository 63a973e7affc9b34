import type { ReactNode } from "react";
import "./list-page.css";

interface FactListProps {
  /** Each fact: its term, and its value (text, or a node with a copy button). */
  facts: ReadonlyArray<readonly [string, ReactNode]>;
  testId: string;
}

/** A details dialog's facts, term beside value, in as many columns as fit (list-page.css). */
export function FactList({ facts, testId }: FactListProps) {
  return (
    <dl className="fact-list" data-testid={testId}>
      {facts.map(([term, value]) => (
        <div key={term} className="fact-list-item">
          <dt>{term}</dt>
          <dd data-value="">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
