import { Button } from "@blueprintjs/core";
import { Cross, Download } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import type { ExportView } from "../../machines/lists/list-export-selectors.ts";

type ExportFailure = Extract<ExportView, { kind: "failed" }>["failure"];
import { formatBytes } from "../i18n/format.ts";
import "./list-page.css";

interface ExportControlProps {
  view: ExportView;
  /** The test id of the line that tells how the export goes. */
  statusTestId: string;
  /** A failure's words in the merchant's language (the services' describeFailure). */
  describeFailure(failure: ExportFailure): string;
  /** The list shows no row: the button is disabled, its title saying why. */
  nothing: boolean;
  onStart(): void;
  onCancel(): void;
}

/**
 * A list's CSV export (machines/lists/list-export.ts): the button, while the file arrives its size so far and Cancel,
 * then the file saved or why it failed — said politely to screen readers as it changes.
 */
export function ExportControl({ view, statusTestId, describeFailure, nothing, onStart, onCancel }: ExportControlProps) {
  const { t, i18n } = useTranslation();
  const exporting = view.kind === "exporting";
  return (
    <div className="list-export">
      <Button
        icon={<Download />}
        text={t("listExport.button")}
        title={nothing && !exporting ? t("listExport.nothing") : t("listExport.hint")}
        loading={exporting}
        disabled={exporting || nothing}
        onClick={onStart}
      />
      <span className="list-export-status" role="status" data-testid={statusTestId}>
        {view.kind === "exporting" ? t("listExport.exporting", { size: formatBytes(view.bytes, i18n.language) }) : null}
        {view.kind === "saved" ? t("listExport.saved", { fileName: view.fileName }) : null}
        {view.kind === "failed" ? t("listExport.failed", { reason: describeFailure(view.failure) }) : null}
      </span>
      {exporting ? (
        <Button variant="minimal" icon={<Cross />} text={t("listExport.cancel")} onClick={onCancel} />
      ) : null}
    </div>
  );
}
