import { Classes, Overlay2 } from "@blueprintjs/core";
import type { ReactNode } from "react";

type Side = "left" | "right" | "bottom";

/** The name a screen reader gives the drawer: the id of its visible title, or a label when it shows none. */
export type DrawerName = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

export type ModalDrawerProps = DrawerName & {
  isOpen: boolean;
  onClose: () => void;
  position: Side;
  /** Its width (left, right) or height (bottom): pixels or any CSS length. */
  size: number | string;
  className: string;
  children: ReactNode;
};

/**
 * Blueprint's Drawer, announced as what it is: a modal dialog with a name. Blueprint renders its panel as a plain
 * <div> (no role, no aria-modal, no name) and its title as an <h4> whatever the page's headings, so a screen reader
 * neither says a dialog opened nor what it is called. This is the same panel (Blueprint's classes, its Overlay2 with
 * the focus trap, Escape and the backdrop) with `role="dialog"`, `aria-modal` and the name on it.
 */
export function ModalDrawer({ isOpen, onClose, position, size, className, children, ...name }: ModalDrawerProps) {
  const sideways = position === "left" || position === "right";
  return (
    <Overlay2 isOpen={isOpen} onClose={onClose} hasBackdrop className={Classes.OVERLAY_CONTAINER}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={name.labelledBy}
        aria-label={name.label}
        className={`${Classes.DRAWER} ${Classes.positionClass(position)} ${className}`}
        style={sideways ? { width: size } : { height: size }}
      >
        {children}
      </div>
    </Overlay2>
  );
}
