import {
  addApplication,
  editApplication,
  listApplications,
  setApplicationStatus,
} from "../domain/applications/applications.ts";
import { applicationCredentials, rotateAppSecret } from "../domain/applications/credentials.ts";
import { refuseForbiddenCallbacks } from "../domain/callbacks/callback-urls-at-save.ts";
import type { HandlerTable } from "../http/handler.ts";

/**
 * My applications (contracts/schemas/apps.ts): only ever the signed-in merchant's own; another merchant's application
 * code is unknown (2401). Credentials and rotation spend a fresh proof of Register/CheckCaptchaCode (type application)
 * every time; an edit that moves nothing may use the session's verified window instead.
 * Add and Edit refuse callback URLs that resolve to private or local addresses (2408) before the proof is looked at.
 */
export const appHandlers: Pick<
  HandlerTable,
  "appList" | "appAdd" | "appSetStatus" | "appEdit" | "appCredentials" | "appRotateSecret"
> = {
  appList: {
    handle: ({ db, body, session, services }) => listApplications(db, session.scope, body, services.secret),
  },
  appAdd: {
    handle: async ({ db, body, session, now, services }) =>
      (await refuseForbiddenCallbacks(body, services.callbackTargets)) ??
      addApplication(db, session.scope, body, { now, secret: services.secret }),
  },
  appSetStatus: {
    handle: ({ db, body, session, now }) => setApplicationStatus(db, session.scope, body.appCode, body.status, now),
  },
  appEdit: {
    handle: async ({ db, body, session, ip, userAgent, now, services }) =>
      (await refuseForbiddenCallbacks(body, services.callbackTargets)) ??
      editApplication(db, session, body, { ip, userAgent, now }),
  },
  appCredentials: {
    handle: ({ db, body, session, ip, userAgent, now, services }) =>
      applicationCredentials(db, session, body, { ip, userAgent, now, secret: services.secret }),
  },
  appRotateSecret: {
    handle: ({ db, body, session, ip, userAgent, now, services }) =>
      rotateAppSecret(db, session, body, { ip, userAgent, now, secret: services.secret }),
  },
};
