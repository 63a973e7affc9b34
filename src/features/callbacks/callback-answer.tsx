import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { CallbackAttempt } from "../../../contracts/schemas/callbacks.ts";
import { BreakableValue } from "../../ui/breakable-value.tsx";
import { FactList } from "../../ui/fact-list.tsx";
import { ResultTag, useCallbackText } from "./callback-text.tsx";

/** A receiver's answer to an attempt just sent: the result, the status, the latency and the body, or why none came. */
export function CallbackAnswer({ attempt, testId }: { attempt: CallbackAttempt; testId: string }) {
  const { t } = useTranslation();
  const text = useCallbackText();
  return (
    <div className="callback-answer" data-testid={testId}>
      {/* Said in the text, not a Callout title: that would be an h5 under the dialog's h2. */}
      <Callout intent={attempt.result === "success" ? "success" : "danger"} role="status">
        <strong>{t(`callbacks.answer.${attempt.result}`)}</strong>
      </Callout>
      <FactList
        testId={`${testId}-facts`}
        facts={[
          [t("callbacks.columns.url"), <BreakableValue key="url" text={attempt.url} />],
          [t("callbacks.columns.result"), <ResultTag key="result" result={attempt.result} />],
          [t("callbacks.columns.status"), text.status(attempt)],
          [t("callbacks.columns.latency"), text.latency(attempt.latencyMs)],
          ...(attempt.error === null ? [] : [[t("callbacks.details.error"), attempt.error] as const]),
        ]}
      />
      {attempt.error === null ? (
        <>
          <h3 className="callback-body-title">{t("callbacks.columns.responseBody")}</h3>
          <pre className="callback-body" data-testid={`${testId}-body`}>
            {attempt.responseBody || t("callbacks.emptyBody")}
          </pre>
        </>
      ) : null}
    </div>
  );
}
