import type { SecurityActivityResult } from "../../contracts/schemas/security-events.ts";
import { securityActivityMachine } from "../../machines/user/security-activity.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(securityActivityMachine);

/** The server's answers: a sign-in after a refused and a failed one, and nothing yet. */
export const someActivity: SecurityActivityResult = {
  items: [
    {
      id: "3",
      kind: "signIn",
      outcome: "success",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 Firefox/133.0",
      at: "2026-01-02T09:30:00.000Z",
    },
    { id: "2", kind: "signIn", outcome: "refused", ip: "198.51.100.4", userAgent: "", at: "2026-01-02T09:29:00.000Z" },
    {
      id: "1",
      kind: "passwordChange",
      outcome: "failure",
      ip: "198.51.100.4",
      userAgent: "curl/8.5",
      at: "2026-01-02T09:28:00.000Z",
    },
  ],
};
export const noActivity: SecurityActivityResult = { items: [] };

const section = english("security.title");

export const securityActivityModel: MachineModel<typeof securityActivityMachine> = {
  id: "securityActivity",
  machine: securityActivityMachine,
  starts: [{ name: "signed in, user centre", input: undefined }],
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadSecurityActivity", someActivity),
        done("loadSecurityActivity", noActivity),
        failed("loadSecurityActivity", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "securityActivity.retry" }];
    if (s.matches("ready")) return [{ type: "securityActivity.reload" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "securityActivity.retry") return `Press ${english("security.retry")} in ${section}`;
    if (e.type === "securityActivity.reload") return `Press ${english("security.reload")} in ${section}`;
    if (e.type === "xstate.done.actor.loadSecurityActivity")
      return e.output.items.length
        ? `The server answers ${e.output.items.length} events, newest first`
        : "The server answers that there is no event yet";
    if (e.type === "xstate.error.actor.loadSecurityActivity") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    const count = s.context.events.length;
    if (s.matches("loading"))
      return count
        ? `${section} still lists the ${count} events while it loads again`
        : `${section} reads ${english("security.loading")}`;
    if (s.matches("failed")) return `${section} reads ${english("security.failed")} with ${english("security.retry")}`;
    return count
      ? `${section} lists ${count} events: what, how it ended, when, from which address and browser`
      : `${section} reads ${english("security.empty")}`;
  },
  excluded: [],
};
