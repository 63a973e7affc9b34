import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { Role } from "../../contracts/schemas/user.ts";
import { useSessionActor } from "./services-context.tsx";

/**
 * The permission rule of spec section 6: with a non-empty list, only a user whose role is in it may see;
 * an empty list lets everyone through. Anything but a list is a developer's mistake and throws.
 */
export function isAllowed(role: Role, allowed: unknown): boolean {
  if (!Array.isArray(allowed))
    throw new TypeError(`RequireRole needs a list of roles, e.g. ["admin"]; got ${JSON.stringify(allowed)}`);
  return allowed.length === 0 || allowed.includes(role);
}

export function useHasRole(allowed: readonly Role[]): boolean {
  const session = useSessionActor();
  const role = useSelector(session, (s) => s.context.role);
  return isAllowed(role, allowed);
}

/** Removes its children unless the signed-in user's role is allowed. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  return useHasRole(roles) ? children : null;
}
