import { useSelector } from "@xstate/react";
import { type ActorRefFrom, createActor } from "xstate";
import type { codeSenderMachine } from "../../machines/auth/code-sender.ts";
import { selectEmail } from "../../machines/auth/session-selectors.ts";
import { provideCodeSender } from "./code-sender-service.ts";
import type { Services } from "./services.ts";
import { useServices } from "./services-context.tsx";

/** The purposes only the signed-in console asks for, each mailed to the session's own e-mail. */
export type SessionCodePurpose = "application" | "change-password" | "withdrawal";

const sendersOf = new WeakMap<Services, Map<string, ActorRefFrom<typeof codeSenderMachine>>>();

/**
 * The console's one code sender of a signed-in purpose for the signed-in e-mail, started at first use and kept for the
 * life of the console: the server's wait between codes is per e-mail and purpose, whatever dialog asked, so
 * a dialog closed and opened again, or a page left and come back to, shows the countdown still running instead of a
 * Send button the server would refuse.
 */
export function useSessionCodeSender(purpose: SessionCodePurpose): ActorRefFrom<typeof codeSenderMachine> {
  const services = useServices();
  const email = useSelector(services.session, selectEmail);
  let senders = sendersOf.get(services);
  if (!senders) {
    senders = new Map();
    sendersOf.set(services, senders);
  }
  const key = `${purpose} ${email}`;
  let sender = senders.get(key);
  if (!sender) {
    sender = createActor(provideCodeSender(services), { input: { purpose } }).start();
    senders.set(key, sender);
  }
  return sender;
}
