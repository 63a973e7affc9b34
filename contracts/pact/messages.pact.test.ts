import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, integer, eachLike, regex, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;

/** resData items of message/list (contracts/schemas/messages.ts); `messageType` only on notices and todos. */
const messageBody = (type: "message" | "notice" | "todo", title: string, extra: Record<string, unknown> = {}) => ({
  id: regex("^\\d+$", "1"),
  type: regex("^(message|notice|todo)$", type),
  kind: like(""),
  title: like(title),
  subTitle: like(""),
  avatar: like(""),
  content: like(""),
  time: isoDate("2026-01-02T09:30:00.000Z"),
  status: integer(0),
  ...extra,
});

describe("message box calls (proposed)", () => {
  it("lists the merchant's messages", async () => {
    const list = eachLike(messageBody("message", "Welcome"));
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.unreadMessage, { email, type: "message", title: "Welcome" })
      .uponReceiving("a request for the merchant's messages")
      .withRequest("POST", "/api/message/list", (b) => b.headers(authHeaders(token)).jsonBody({}))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(list)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).messages.list()).resolves.toEqual(exampleOf(list));
      });
  });

  it("lists one tab, notices with their messageType", async () => {
    const list = eachLike(messageBody("notice", "Your password was changed", { messageType: integer(1) }));
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.unreadMessage, { email, type: "notice", title: "Your password was changed" })
      .uponReceiving("a request for the merchant's notices")
      .withRequest("POST", "/api/message/list", (b) =>
        b.headers(authHeaders(token)).jsonBody({ type: regex("^(message|notice|todo)$", "notice") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(list)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).messages.list({ type: "notice" })).resolves.toEqual(exampleOf(list));
      });
  });

  it("marks a message read and answers true", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.unreadMessage, { email, type: "message", title: "Welcome" })
      .uponReceiving("a request to mark a message read")
      .withRequest("POST", "/api/message/read", (b) =>
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
        b.headers(authHeaders(token)).jsonBody({ ids: [fromProviderState("${messageId}", "1")] }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(true)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).messages.read({ ids: ["1"] })).resolves.toBe(true);
      });
  });

  it("refuses ids that are not digits with HTTP 400 and errCode 1001", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request to mark a message read with a malformed id")
      .withRequest("POST", "/api/message/read", (b) =>
        b.headers(authHeaders(token)).jsonBody({ ids: ["not-a-number"] }),
      )
      .willRespondWith(400, (b) =>
        b.headers(responseHeaders).jsonBody(failure("1001", "ids.0: Send 1 to 100 message ids, each made of digits")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).messages.read({ ids: ["not-a-number"] })).rejects.toMatchObject({
          kind: "api",
          errCode: "1001",
        });
      });
  });
});
