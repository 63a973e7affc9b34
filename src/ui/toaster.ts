import { OverlayToaster, Position, type Toaster } from "@blueprintjs/core";

/** Blueprint's toaster (with its overlay and transitions), a chunk of its own loaded with the first toast. */
export const createToaster = (): Promise<Toaster> => OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
