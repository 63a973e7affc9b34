import { emptyResult, updatePasswordRequest } from "../schemas/auth.ts";
import { securityActivityResult } from "../schemas/security-events.ts";
import { languageQuery, menuResult, updateProfileRequest, userInfoQuery, userProfile } from "../schemas/user.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The user area's calls (`api.user.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const userEndpoints = {
  userInfo: endpoint({
    area: "user",
    call: "info",
    method: "GET",
    path: "/api/user/logout",
    body: null,
    query: userInfoQuery,
    result: userProfile,
    auth: true,
    source: "documented",
  }),
  menu: endpoint({
    area: "user",
    call: "menu",
    method: "POST",
    path: "/api/user/menu",
    body: null,
    query: null,
    result: menuResult,
    auth: true,
    source: "documented",
  }),
  updatePassword: endpoint({
    area: "user",
    call: "updatePassword",
    method: "POST",
    path: "/api/User/UpdatePwd",
    body: updatePasswordRequest,
    query: null,
    result: emptyResult,
    auth: true,
    source: "documented",
  }),
  language: endpoint({
    area: "user",
    call: "language",
    method: "POST",
    path: "/api/User/Language",
    body: null,
    query: languageQuery,
    result: emptyResult,
    auth: true,
    source: "documented",
  }),
  updateProfile: endpoint({
    area: "user",
    call: "updateProfile",
    method: "POST",
    path: "/api/User/update",
    body: updateProfileRequest,
    query: null,
    result: userProfile,
    auth: true,
    source: "documented",
  }),
  // The user centre's "Recent security activity": the merchant's own security event log, newest first.
  securityActivity: endpoint({
    area: "user",
    call: "securityActivity",
    method: "POST",
    path: "/api/User/SecurityActivity",
    body: null,
    query: null,
    result: securityActivityResult,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
