import { Alert, type AlertProps } from "@blueprintjs/core";

/**
 * Blueprint's Alert names its dialog nothing (axe: aria-dialog-name). It hands unknown props on to its Dialog, so the
 * element with `labelId` (the question it asks) becomes the dialog's accessible name.
 */
export function LabelledAlert({ labelId, ...props }: AlertProps & { labelId: string }) {
  const labelled: object = { "aria-labelledby": labelId };
  return <Alert {...props} {...labelled} />;
}
