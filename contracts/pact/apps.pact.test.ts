import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { codeMatcher, exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { appsEndpoints } from "../endpoints/apps.ts";
import { listPageInteraction } from "./list-interactions.ts";

const { like, regex, integer, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const appCode = "2026112500000001";
const name = "Pact shop";
const proof = "pact-proof-0001";
const code = "135790";
/** The application's code, which the provider picks: filled in from the provider state. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
const stateAppCode = () => fromProviderState("${appCode}", appCode);

const fields = {
  name,
  address: "https://shop.example.com",
  rechargeCallbackUrl: "https://shop.example.com/recharge",
  withdrawCallbackUrl: "https://shop.example.com/withdraw",
  withdrawAutoApproveLimit: "250",
  remark: "Main shop",
};

/** An application code checked for the credentials (the code a provider state mailed), and the request's matchers. */
const credentialsCheck = { email, code, type: "application", appCode, action: "credentials" } as const;
const credentialsCheckBody = () => ({
  email: like(email),
  code: codeMatcher(code),
  type: "application",
  appCode: stateAppCode(),
  action: "credentials",
});
/** The answer to a valid check: a proof for the action. */
const checkedProof = { valid: true, proof: regex("^[\\w-]{43}$", "P".repeat(43)), proofExpiresInSeconds: integer(300) };

/** The credentials asked for in `state` without a proof: refused with 2405, the e-mail code first. */
const credentialsWithoutProof = ([state, params]: [string, Record<string, string>], description: string) =>
  pact
    .addInteraction()
    .given(states.signedIn, { email, token })
    .given(state, params)
    .uponReceiving(description)
    .withRequest("POST", "/api/App/Credentials", (b) =>
      b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode() }),
    )
    .willRespondWith(200, (b) =>
      b.headers(responseHeaders).jsonBody(failure("2405", "Verify with the e-mail code first")),
    )
    .executeTest(async (mock) => {
      await expect(apiFor(mock, token).apps.credentials({ appCode })).rejects.toMatchObject({
        kind: "api",
        errCode: "2405",
      });
    });

const appBody = (status: "normal" | "stopped" = "normal") => ({
  appCode: regex("^\\d{8,24}$", appCode),
  name: like(name),
  address: like(fields.address),
  rechargeCallbackUrl: like(fields.rechargeCallbackUrl),
  withdrawCallbackUrl: like(fields.withdrawCallbackUrl),
  withdrawAutoApproveLimit: null,
  withdrawAnyAddressDailyLimit: null,
  status,
  remark: like(""),
  createdAt: isoDate("2026-11-25T08:00:00.000Z"),
});

const credentialsBody = (previousSecretValidUntil: unknown, previousWebhookSecretValidUntil: unknown = null) => ({
  appCode: regex("^\\d{8,24}$", appCode),
  appKey: regex("^ak_[0-9A-Za-z]{24}$", "ak_0123456789ABCDEFabcdefgh"),
  appSecret: regex("^[\\w-]{43}$", "S".repeat(43)),
  previousSecretValidUntil,
  webhookSecret: regex("^whsec_[A-Za-z0-9+/]{32,88}={0,2}$", `whsec_${"W".repeat(43)}=`),
  previousWebhookSecretValidUntil,
});

const withPackage = { email, packageCode: "basic", product: "Devnet" };

describe("my applications (proposed)", () => {
  it("lists the merchant's applications by status and name", () =>
    listPageInteraction(pact, {
      given: [[states.application, { email, name }]],
      description: "a request for the merchant's applications",
      endpoint: appsEndpoints.appList,
      body: { status: "normal", name: like("Pact"), pageSize: 10 },
      row: appBody(),
      call: (api) => api.apps.list({ status: "normal", name: "Pact", pageSize: 10 }),
    }));

  it("adds an application within the package's limit", async () => {
    const created = {
      ...appBody(),
      withdrawAutoApproveLimit: regex("^\\d{1,20}(\\.\\d{1,18})?$", "250"),
      remark: like(fields.remark),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.paidOrder, withPackage)
      .uponReceiving("a request to add an application")
      .withRequest("POST", "/api/App/Add", (b) => b.headers(authHeaders(token)).jsonBody(fields))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(created)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).apps.add(fields)).resolves.toEqual(exampleOf(created));
      });
  });

  it("stops an application", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.application, { email, name })
      .uponReceiving("a request to stop an application")
      .withRequest("POST", "/api/App/SetStatus", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode(), status: "stopped" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(appBody("stopped"))))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).apps.setStatus({ appCode, status: "stopped" });
        await expect(answer).resolves.toMatchObject({ appCode, status: "stopped" });
      });
  });
});

describe("application changes and credentials, each with a proof or inside the verified window (proposed)", () => {
  it("answers a proof for a checked code of type application", async () => {
    await pact
      .addInteraction()
      .given(states.application, { email, name })
      .given(states.codeSent, { code, email, type: "application" })
      .uponReceiving("a check of an application code for the credentials")
      .withRequest("POST", "/api/Register/CheckCaptchaCode", (b) =>
        b.headers(jsonHeaders).jsonBody(credentialsCheckBody()),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(checkedProof)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock).auth.checkCode(credentialsCheck);
        await expect(answer).resolves.toEqual(exampleOf(checkedProof));
      });
  });

  it("answers a proof and a verified window for a code checked in the merchant's session", async () => {
    const checked = { ...checkedProof, verifiedForSeconds: integer(600) };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.application, { email, name })
      .given(states.codeSent, { code, email, type: "application" })
      .uponReceiving("a check of an application code for the credentials in the merchant's session")
      .withRequest("POST", "/api/Register/CheckCaptchaCode", (b) =>
        b.headers(authHeaders(token)).jsonBody(credentialsCheckBody()),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(checked)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).auth.checkCode(credentialsCheck);
        await expect(answer).resolves.toEqual(exampleOf(checked));
      });
  });

  it("edits a name without a proof inside the session's verified window, leaving the fields it leaves out", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.appVerifiedWindow, { email, name, token })
      .uponReceiving("a request to rename an application inside the session's verified window")
      .withRequest("POST", "/api/App/Edit", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode(), name: "Renamed" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok({ ...appBody(), name: like("Renamed") })))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).apps.edit({ appCode, name: "Renamed" })).resolves.toMatchObject({
          name: "Renamed",
        });
      });
  });

  it("refuses the credentials without a proof inside the session's verified window (2405, issue 67)", async () => {
    await credentialsWithoutProof(
      [states.appVerifiedWindow, { email, name, token }],
      "a request for an application's credentials inside the session's verified window",
    );
  });

  it("edits an application with a proof for edit", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.appProof, { email, name: "Old name", proof, action: "edit" })
      .uponReceiving("a request to edit an application with a proof")
      .withRequest("POST", "/api/App/Edit", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode(), proof: like(proof), ...fields }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(
          ok({
            ...appBody(),
            withdrawAutoApproveLimit: regex("^\\d{1,20}(\\.\\d{1,18})?$", "250"),
            remark: like(fields.remark),
          }),
        ),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).apps.edit({ appCode, proof, ...fields })).resolves.toMatchObject({ name });
      });
  });

  it("shows the credentials with a proof for credentials", async () => {
    const shown = credentialsBody(null);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.appProof, { email, name, proof, action: "credentials" })
      .uponReceiving("a request for an application's credentials with a proof")
      .withRequest("POST", "/api/App/Credentials", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode(), proof: like(proof) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(shown)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).apps.credentials({ appCode, proof })).resolves.toEqual(exampleOf(shown));
      });
  });

  it("refuses the credentials without a proof with errCode 2405", async () => {
    await credentialsWithoutProof(
      [states.application, { email, name }],
      "a request for an application's credentials without a proof",
    );
  });

  it("rotates the secret with a proof for rotate, the old one working for the grace window", async () => {
    const rotated = credentialsBody(isoDate("2026-11-26T08:00:00.000Z"));
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.appProof, { email, name, proof, action: "rotate" })
      .uponReceiving("a request to rotate an application's secret with a day's grace")
      .withRequest("POST", "/api/App/RotateSecret", (b) =>
        b.headers(authHeaders(token)).jsonBody({ appCode: stateAppCode(), proof: like(proof), graceWindow: "24h" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(rotated)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).apps.rotateSecret({ appCode, proof, graceWindow: "24h" });
        await expect(answer).resolves.toEqual(exampleOf(rotated));
      });
  });

  it("rotates the webhook secret when asked, the old one still signing callbacks for the grace window", async () => {
    const rotated = credentialsBody(null, isoDate("2026-11-25T09:00:00.000Z"));
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.appProof, { email, name, proof, action: "rotate" })
      .uponReceiving("a request to rotate an application's webhook secret with an hour's grace")
      .withRequest("POST", "/api/App/RotateSecret", (b) =>
        b.headers(authHeaders(token)).jsonBody({
          appCode: stateAppCode(),
          proof: like(proof),
          graceWindow: "1h",
          secret: "webhookSecret",
        }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(rotated)))
      .executeTest(async (mock) => {
        const request = { appCode, proof, graceWindow: "1h", secret: "webhookSecret" } as const;
        await expect(apiFor(mock, token).apps.rotateSecret(request)).resolves.toEqual(exampleOf(rotated));
      });
  });
});
