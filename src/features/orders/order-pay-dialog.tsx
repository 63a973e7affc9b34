import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { Order } from "../../../contracts/schemas/orders.ts";
import { routePaths } from "../../app/route-names.ts";
import { actorClock } from "../../app/services.ts";
import { useServices } from "../../app/services-context.tsx";
import { provideOrderPayment } from "./order-machines.ts";
import { PayDialog } from "./pay-dialog.tsx";

export interface OrderPayDialogProps {
  order: Order;
  /** "cancel" opens the cancel confirmation at once; "pay" (the default) the pay screen. */
  intent?: "pay" | "cancel";
  /** The dialog has closed (whatever became of the order): the caller unmounts it and may reload. */
  onClose(): void;
  /** The order as the dialog now knows it (paid, confirming, …), so the row behind it shows the same. */
  onOrderChanged?(order: Order): void;
}

/** The pay dialog for an existing order (My orders): pay it, follow its payment, or cancel it. Mount it to open it. */
export function OrderPayDialog({ order, intent, onClose, onOrderChanged }: OrderPayDialogProps) {
  const services = useServices();
  const navigate = useNavigate();
  // The machine keeps the first callbacks it is given; this one always reaches the latest onClose.
  const closeRef = useRef(onClose);
  const changedRef = useRef(onOrderChanged);
  useEffect(() => {
    closeRef.current = onClose;
    changedRef.current = onOrderChanged;
  });
  const actor = useActorRef(
    provideOrderPayment(services, {
      goToOrders: () => void navigate(routePaths.order),
      closeDialog: () => closeRef.current(),
    }),
    { input: { now: Date.now(), order, intent: intent ?? "pay" }, clock: actorClock(services) },
  );
  // The order as the dialog knows it, handed to the row behind it whenever it changes (not the one it opened with).
  const current = useSelector(actor, (s) => s.context.order);
  useEffect(() => {
    if (current !== order) changedRef.current?.(current);
  }, [current, order]);
  return <PayDialog actor={actor} />;
}
