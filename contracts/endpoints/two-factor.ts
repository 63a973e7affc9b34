import { emptyResult } from "../schemas/auth.ts";
import {
  twoFactorDisableRequest,
  twoFactorEnabled,
  twoFactorEnableRequest,
  twoFactorSetup,
  twoFactorSetupRequest,
  twoFactorStatus,
} from "../schemas/two-factor.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The twoFactor area's calls (`api.twoFactor.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const twoFactorEndpoints = {
  // Turning TOTP on and off in the user centre.
  twoFactorStatus: endpoint({
    area: "twoFactor",
    call: "status",
    method: "GET",
    path: "/api/TwoFactor/Status",
    body: null,
    query: null,
    result: twoFactorStatus,
    auth: true,
    source: "proposed",
  }),
  twoFactorSetup: endpoint({
    area: "twoFactor",
    call: "setup",
    method: "POST",
    path: "/api/TwoFactor/Setup",
    body: twoFactorSetupRequest,
    query: null,
    result: twoFactorSetup,
    auth: true,
    source: "proposed",
  }),
  twoFactorEnable: endpoint({
    area: "twoFactor",
    call: "enable",
    method: "POST",
    path: "/api/TwoFactor/Enable",
    body: twoFactorEnableRequest,
    query: null,
    result: twoFactorEnabled,
    auth: true,
    source: "proposed",
  }),
  twoFactorDisable: endpoint({
    area: "twoFactor",
    call: "disable",
    method: "POST",
    path: "/api/TwoFactor/Disable",
    body: twoFactorDisableRequest,
    query: null,
    result: emptyResult,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
