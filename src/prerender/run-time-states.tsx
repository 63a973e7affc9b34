// What the public pages can show after their first render, in the Blueprint components and props they use,
// rendered only to teach the build's CSS purge (scripts/prerender/purge-blueprint.ts) which classes appear
// together at run time: the toasts of the notifier (src/ui/notifier.ts), the Re-Login dialog
// (src/layout/relogin-dialog.tsx) and the "password changed" dialog of /forget, a loading button, a failed form's
// callout (src/app/failure-callout.tsx) and a failed field (src/ui/form-field.tsx, code-field.tsx). A page that
// starts to show another component or variant after an interaction adds it here; the browser test
// e2e/prerendered-pages.e2e.test.ts compares the purged rules with the whole file on the pages.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  OverlayToaster,
  Position,
  Toast,
} from "@blueprintjs/core";

const noop = () => {};

export function RunTimeStates() {
  return (
    <>
      <OverlayToaster position={Position.TOP} maxToasts={5} usePortal={false}>
        <Toast key="success" message="·" intent="success" timeout={0} onDismiss={noop} />
        <Toast key="primary" message="·" intent="primary" timeout={0} onDismiss={noop} />
        <Toast key="danger" message="·" intent="danger" timeout={0} onDismiss={noop} />
      </OverlayToaster>
      <Dialog
        isOpen
        usePortal={false}
        title="·"
        isCloseButtonShown={false}
        canOutsideClickClose={false}
        canEscapeKeyClose={false}
      >
        <DialogBody>·</DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="·" disabled />
              <Button intent="primary" text="·" loading autoFocus />
            </>
          }
        />
      </Dialog>
      <Callout intent="danger" role="alert" compact>
        ·
      </Callout>
      <FormGroup label="·" labelFor="x" intent="danger" helperText={<span role="alert">·</span>}>
        <InputGroup id="x" intent="danger" aria-invalid />
      </FormGroup>
      <Button type="submit" intent="primary" fill size="large" loading text="·" />
    </>
  );
}
