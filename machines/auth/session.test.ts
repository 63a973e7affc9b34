import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { LoginRequest, LoginResult } from "../../contracts/schemas/auth.ts";
import type { GoogleLinkRequest, GoogleSignInResult } from "../../contracts/schemas/google.ts";
import type { LoginAnswer, SecondFactorChallenge, SecondFactorRequest } from "../../contracts/schemas/two-factor.ts";
import type { UserProfile } from "../../contracts/schemas/user.ts";
import { googleLinkMachine } from "./google-link.ts";
import { selectGoogleLinkStep } from "./google-link-selectors.ts";
import { secondFactorMachine } from "./second-factor.ts";
import { selectSecondFactorForm } from "./second-factor-selectors.ts";
import { type SessionActor, sessionMachine } from "./session.ts";
import type { GoogleGrant, SessionInput } from "./session-context.ts";
import {
  selectAwaitingProfile,
  selectDisplayName,
  selectEmail,
  selectGoogleLinkActor,
  selectMailCodeOffered,
  selectNickName,
  selectRememberedLogin,
  selectSecondFactorActor,
  selectUserId,
} from "./session-selectors.ts";
import { apiFailure, settle, signedInAnswer } from "../test-support.ts";

const loginResult: LoginResult = signedInAnswer;
const profile = { userId: "100001", email: "m@example.com", nickName: "m", role: "" } as UserProfile;
const storedUser = { id: "100001", email: "m@example.com", language: "en-US", nickName: "m", avatar: "" };

type Overrides = {
  login?: () => Promise<LoginAnswer>;
  googleLogin?: () => Promise<GoogleSignInResult>;
  googleLink?: () => Promise<LoginAnswer>;
  secondFactor?: () => Promise<LoginResult>;
  loadProfile?: () => Promise<UserProfile>;
  logout?: () => Promise<unknown>;
};

function start(input: SessionInput, overrides: Overrides = {}) {
  const effects = {
    saveSession: vi.fn(),
    clearSession: vi.fn(),
    reloadPage: vi.fn(),
    announceLogout: vi.fn(),
    rememberEmail: vi.fn(),
    announceWelcome: vi.fn(),
  };
  const calls = {
    login: [] as LoginRequest[],
    google: [] as GoogleGrant[],
    link: [] as GoogleLinkRequest[],
    secondFactor: [] as SecondFactorRequest[],
    logout: 0,
  };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(async ({ input: body }) => {
        calls.login.push(body);
        return (overrides.login ?? (async () => loginResult))();
      }),
      googleLogin: fromPromise(async ({ input: grant }) => {
        calls.google.push(grant);
        return (overrides.googleLogin ?? (async () => loginResult))();
      }),
      googleLink: googleLinkMachine.provide({
        actors: {
          linkAccount: fromPromise(async ({ input: body }) => {
            calls.link.push(body);
            return (overrides.googleLink ?? (async () => loginResult))();
          }),
        },
      }),
      secondFactor: secondFactorMachine.provide({
        actors: {
          verifyCode: fromPromise(async ({ input: body }) => {
            calls.secondFactor.push(body);
            return (overrides.secondFactor ?? (async () => loginResult))();
          }),
        },
      }),
      loadProfile: fromPromise(async () => (overrides.loadProfile ?? (async () => profile))()),
      logout: fromPromise(async () => {
        calls.logout++;
        return (overrides.logout ?? (async () => null))();
      }),
    },
    actions: {
      saveSession: (_, params) => effects.saveSession(params),
      clearSession: () => effects.clearSession(),
      reloadPage: () => effects.reloadPage(),
      announceLogout: () => effects.announceLogout(),
      rememberEmail: (_, params) => effects.rememberEmail(params),
      announceWelcome: (_, params) => effects.announceWelcome(params),
    },
  });
  return { actor: createActor(machine, { input }).start(), effects, calls };
}

/** The sign-in steps' children, which the views send their events to. */
function secondStep(actor: SessionActor) {
  const step = selectSecondFactorActor(actor.getSnapshot());
  if (!step) throw new Error(`no second step in ${JSON.stringify(actor.getSnapshot().value)}`);
  return step;
}
function linkStep(actor: SessionActor) {
  const step = selectGoogleLinkActor(actor.getSnapshot());
  if (!step) throw new Error(`no link step in ${JSON.stringify(actor.getSnapshot().value)}`);
  return step;
}

const challenge: SecondFactorChallenge = { secondFactor: "totp", challenge: "ch-1", expiresInSeconds: 300 };

describe("session machine: the second factor (TOTP)", () => {
  const signIn = { type: "login.submit", email: "m@example.com", password: "Merchant7Pass", remember: false } as const;

  it("asks for the code after the password, stores nothing until the code holds, then signs in", async () => {
    const { actor, effects, calls } = start({ token: null, user: null }, { login: async () => challenge });
    expect(selectSecondFactorActor(actor.getSnapshot())).toBeUndefined();
    actor.send(signIn);
    await settle(actor, "secondFactor");
    expect(actor.getSnapshot().hasTag("secondFactor")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, challenge: "ch-1" });
    expect(effects.saveSession).not.toHaveBeenCalled();
    expect(selectSecondFactorForm(secondStep(actor).getSnapshot())).toEqual({ busy: false, codeError: undefined });
    secondStep(actor).send({ type: "secondFactor.submit", code: " 123456 " });
    expect(selectSecondFactorForm(secondStep(actor).getSnapshot())).toMatchObject({ busy: true });
    await settle(actor, "signedIn.ready");
    expect(calls.secondFactor).toEqual([{ challenge: "ch-1", code: "123456" }]);
    expect(effects.saveSession).toHaveBeenCalledWith({ token: "tok", user: storedUser });
    expect(effects.announceWelcome).toHaveBeenCalledWith({ nickName: "m" });
    expect(actor.getSnapshot().context.challenge).toBeNull();
    expect(selectSecondFactorActor(actor.getSnapshot())).toBeUndefined();
  });

  it("asks for the code after Google sign-in too, and takes a recovery code", async () => {
    const { actor, calls } = start({ token: null, user: null }, { googleLogin: async () => challenge });
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    await settle(actor, "secondFactor");
    secondStep(actor).send({ type: "secondFactor.submit", code: "abcde-fghij" });
    await settle(actor, "signedIn.ready");
    expect(calls.secondFactor).toEqual([{ challenge: "ch-1", code: "abcde-fghij" }]);
  });

  it("stays on the code after a wrong one, and goes back to the password when the challenge is spent", async () => {
    const answers = [
      apiFailure("2301", "The two-factor code is wrong"),
      apiFailure("2302", "This sign-in has expired"),
    ];
    const { actor } = start(
      { token: null, user: null },
      { login: async () => challenge, secondFactor: () => Promise.reject(answers.shift()) },
    );
    actor.send(signIn);
    await settle(actor, "secondFactor");
    secondStep(actor).send({ type: "secondFactor.submit", code: "000000" });
    await waitFor(secondStep(actor), (s) => s.context.failure?.errCode === "2301");
    expect(actor.getSnapshot().value).toBe("secondFactor");
    expect(actor.getSnapshot().context.failure).toBeNull();
    secondStep(actor).send({ type: "secondFactor.submit", code: "111111" });
    await settle(actor, "signedOut");
    expect(actor.getSnapshot().context).toMatchObject({ challenge: null, failure: { errCode: "2302" } });
  });

  it("goes back to the password form on cancel", async () => {
    const { actor } = start({ token: null, user: null }, { login: async () => challenge });
    actor.send(signIn);
    await settle(actor, "secondFactor");
    secondStep(actor).send({ type: "secondFactor.cancel" });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "password" });
    expect(actor.getSnapshot().context.challenge).toBeNull();
  });
});

describe("session machine: a code mailed for sign-in (the account's sign-in throttled, issue 37)", () => {
  const signIn = { type: "login.submit", email: "m@example.com", password: "Merchant7Pass", remember: false } as const;
  const throttled = () => apiFailure("2011", "Too many failed sign-ins on this account");

  it("offers the mailed code when the account is throttled, and signs in with the password and the code", async () => {
    const answers: Array<() => Promise<LoginAnswer>> = [() => Promise.reject(throttled()), async () => loginResult];
    const { actor, calls, effects } = start(
      { token: null, user: null },
      { login: () => (answers.shift() as () => Promise<LoginAnswer>)() },
    );
    expect(selectMailCodeOffered(actor.getSnapshot())).toBe(false);
    actor.send(signIn);
    await settle(actor, "signedOut.withMailCode");
    expect(selectMailCodeOffered(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.failure).toMatchObject({ errCode: "2011" });
    expect(effects.clearSession).toHaveBeenCalled();
    actor.send({ ...signIn, emailCode: " 135790 " });
    // The field stays on screen while the sign-in with it is checked.
    expect(actor.getSnapshot().matches("loggingIn")).toBe(true);
    expect(selectMailCodeOffered(actor.getSnapshot())).toBe(true);
    await settle(actor, "signedIn.ready");
    expect(calls.login).toEqual([
      { email: "m@example.com", password: "Merchant7Pass" },
      { email: "m@example.com", password: "Merchant7Pass", emailCode: "135790" },
    ]);
    expect(selectMailCodeOffered(actor.getSnapshot())).toBe(false);
  });

  it("refuses a malformed code without calling the server, and sends none when the field is left empty", async () => {
    const { actor, calls } = start({ token: null, user: null }, { login: () => Promise.reject(throttled()) });
    actor.send(signIn);
    await settle(actor, "signedOut.withMailCode");
    actor.send({ ...signIn, emailCode: "12" });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "withMailCode" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ emailCode: "validation.codeFormat" });
    expect(calls.login).toHaveLength(1);
    actor.send({ ...signIn, emailCode: "  " });
    await settle(actor, "signedOut.withMailCode");
    expect(calls.login[1]).toEqual({ email: "m@example.com", password: "Merchant7Pass" });
  });

  it("comes back to the form with the code after a wrong code or password, and to the plain form after cancel", async () => {
    const answers: Array<() => Promise<LoginAnswer>> = [
      () => Promise.reject(throttled()),
      () => Promise.reject(apiFailure("2002", "Verification code is wrong")),
      () => Promise.reject(apiFailure("2006", "Wrong e-mail or password")),
      async () => challenge,
    ];
    const { actor } = start(
      { token: null, user: null },
      { login: () => (answers.shift() as () => Promise<LoginAnswer>)() },
    );
    actor.send(signIn);
    await settle(actor, "signedOut.withMailCode");
    actor.send({ ...signIn, emailCode: "000000" });
    await waitFor(actor, (s) => s.context.failure?.errCode === "2002");
    expect(actor.getSnapshot().value).toEqual({ signedOut: "withMailCode" });
    actor.send({ ...signIn, password: "Wrong7Pass", emailCode: "135790" });
    await waitFor(actor, (s) => s.context.failure?.errCode === "2006");
    expect(actor.getSnapshot().value).toEqual({ signedOut: "withMailCode" });
    // The mailbox does not stand in for the second factor: the challenge follows; a wrong code there stays there.
    actor.send({ ...signIn, emailCode: "135790" });
    await settle(actor, "secondFactor");
    secondStep(actor).send({ type: "secondFactor.cancel" });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "password" });
    expect(selectMailCodeOffered(actor.getSnapshot())).toBe(false);
  });

  it("goes from the second step to the form with the code when the account's codes are throttled", async () => {
    const { actor } = start(
      { token: null, user: null },
      {
        login: async () => challenge,
        secondFactor: () => Promise.reject(apiFailure("2011", "Too many failed sign-ins on this account")),
      },
    );
    actor.send(signIn);
    await settle(actor, "secondFactor");
    secondStep(actor).send({ type: "secondFactor.submit", code: "123456" });
    await settle(actor, "signedOut.withMailCode");
    expect(actor.getSnapshot().context).toMatchObject({ challenge: null, failure: { errCode: "2011" } });
  });

  it("stays on the second step after a wrong code when the sign-in came with a mailed code", async () => {
    const answers: Array<() => Promise<LoginAnswer>> = [() => Promise.reject(throttled()), async () => challenge];
    const { actor } = start(
      { token: null, user: null },
      {
        login: () => (answers.shift() as () => Promise<LoginAnswer>)(),
        secondFactor: () => Promise.reject(apiFailure("2301", "The two-factor code is wrong")),
      },
    );
    actor.send(signIn);
    await settle(actor, "signedOut.withMailCode");
    actor.send({ ...signIn, emailCode: "135790" });
    await settle(actor, "secondFactor");
    const step = secondStep(actor);
    step.send({ type: "secondFactor.submit", code: "000000" });
    await waitFor(step, (s) => s.context.failure?.errCode === "2301");
    expect(actor.getSnapshot().value).toBe("secondFactor");
  });
});

describe("session machine", () => {
  it("boots signed out without a token and signed in with one", async () => {
    expect(start({ token: null, user: null }).actor.getSnapshot().value).toEqual({ signedOut: "password" });
    const { actor } = start({ token: "tok", user: storedUser });
    await settle(actor, "signedIn.ready");
    expect(actor.getSnapshot().context.profile).toEqual(profile);
  });

  it("logs in, stores the token and user, and remembers the e-mail when asked", async () => {
    const { actor, effects, calls } = start({ token: null, user: null });
    actor.send({ type: "login.submit", email: " m@example.com ", password: "Merchant7Pass", remember: true });
    await settle(actor, "signedIn.ready");
    expect(calls.login).toEqual([{ email: "m@example.com", password: "Merchant7Pass" }]);
    expect(effects.saveSession).toHaveBeenCalledWith({ token: "tok", user: storedUser });
    expect(effects.rememberEmail).toHaveBeenCalledWith({ email: "m@example.com" });
    expect(actor.getSnapshot().context.token).toBe("tok");
  });

  it("refuses an empty form without calling the server", () => {
    const { actor, calls } = start({ token: null, user: null });
    actor.send({ type: "login.submit", email: "", password: "", remember: false });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "password" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: "validation.emailRequired",
      password: "validation.passwordRequired",
    });
    expect(calls.login).toHaveLength(0);
  });

  it("clears the token when login fails and keeps the failure to show", async () => {
    const { actor, effects } = start(
      { token: null, user: null },
      { login: () => Promise.reject(apiFailure("2006", "Wrong e-mail or password")) },
    );
    actor.send({ type: "login.submit", email: "m@example.com", password: "Wrong1234", remember: false });
    await settle(actor, "signedOut");
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(effects.rememberEmail).toHaveBeenCalledWith({ email: null });
    expect(actor.getSnapshot().context.failure).toEqual({ errCode: "2006", errMsg: "Wrong e-mail or password" });
  });

  it("signs in with Google's code, stores the session and welcomes the merchant", async () => {
    const { actor, effects, calls } = start({ token: null, user: null });
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    expect(actor.getSnapshot().value).toBe("loggingInWithGoogle");
    await settle(actor, "signedIn.ready");
    expect(calls.google).toEqual([{ code: "4/abc" }]);
    expect(calls.login).toHaveLength(0);
    expect(effects.saveSession).toHaveBeenCalledWith({ token: "tok", user: storedUser });
    expect(effects.announceWelcome).toHaveBeenCalledWith({ nickName: "m" });
  });

  it("signs in with a Google ID token too", async () => {
    const { actor, calls } = start({ token: null, user: null });
    actor.send({ type: "login.google", grant: { credential: "a.b.c", nonce: "raw-nonce-of-22-characters" } });
    await settle(actor, "signedIn.ready");
    expect(calls.google).toEqual([{ credential: "a.b.c", nonce: "raw-nonce-of-22-characters" }]);
  });

  // Issue 25, finding 8: a Google account whose e-mail is a merchant's is linked only with that merchant's proof.
  it("asks for the password or a mailed code when Google's account is not linked yet, then signs in with it", async () => {
    const linkTicket = "t".repeat(43);
    const { actor, calls, effects } = start(
      { token: null, user: null },
      { googleLogin: async () => ({ linkTicket, email: "m@example.com" }) },
    );
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    await settle(actor, "linkingGoogle");
    expect(selectGoogleLinkStep(linkStep(actor).getSnapshot())).toEqual({
      email: "m@example.com",
      linkTicket,
      busy: false,
    });
    expect(effects.saveSession).not.toHaveBeenCalled();
    linkStep(actor).send({ type: "google.link", proof: { code: "12" } });
    expect(linkStep(actor).getSnapshot().context.fieldErrors).toHaveProperty("code");
    expect(calls.link).toHaveLength(0);
    linkStep(actor).send({ type: "google.link", proof: { password: "Merchant7Pass" } });
    expect(selectGoogleLinkStep(linkStep(actor).getSnapshot())).toEqual({
      email: "m@example.com",
      linkTicket,
      busy: true,
    });
    await settle(actor, "signedIn.ready");
    expect(calls.link).toEqual([{ linkTicket, password: "Merchant7Pass" }]);
    expect(effects.saveSession).toHaveBeenCalledWith({ token: "tok", user: storedUser });
    expect(actor.getSnapshot().context.googleLink).toBeNull();
  });

  it("asks for the second factor after the link when the merchant has TOTP on: the link proves the first factor only", async () => {
    const { actor, effects } = start(
      { token: null, user: null },
      {
        googleLogin: async () => ({ linkTicket: "t".repeat(43), email: "m@example.com" }),
        googleLink: async () => ({ secondFactor: "totp", challenge: "ch-link", expiresInSeconds: 300 }),
      },
    );
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    await settle(actor, "linkingGoogle");
    linkStep(actor).send({ type: "google.link", proof: { password: "Merchant7Pass" } });
    await settle(actor, "secondFactor");
    expect(actor.getSnapshot().context).toMatchObject({ challenge: "ch-link", googleLink: null, token: null });
    expect(effects.saveSession).not.toHaveBeenCalled();
  });

  it("stays on the link step after a wrong password, and goes back to sign-in on cancel or an expired ticket", async () => {
    let answer: () => Promise<LoginResult> = () => Promise.reject(apiFailure("2006", "Wrong e-mail or password"));
    const { actor } = start(
      { token: null, user: null },
      { googleLogin: async () => ({ linkTicket: "t".repeat(43), email: "m@example.com" }), googleLink: () => answer() },
    );
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    await settle(actor, "linkingGoogle");
    const step = linkStep(actor);
    step.send({ type: "google.link", proof: { password: "Wrong7Pass" } });
    await waitFor(step, (s) => s.context.failure?.errCode === "2006");
    expect(actor.getSnapshot().value).toBe("linkingGoogle");
    step.send({ type: "google.linkCancel" });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "password" });
    expect(actor.getSnapshot().context).toMatchObject({ googleLink: null, failure: null });
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    await settle(actor, "linkingGoogle");
    answer = () => Promise.reject(apiFailure("2105", "This Google sign-in has expired"));
    linkStep(actor).send({ type: "google.link", proof: { code: "123456" } });
    await settle(actor, "signedOut");
    expect(actor.getSnapshot().context).toMatchObject({ googleLink: null, failure: { errCode: "2105" } });
  });

  it("ignores an empty Google grant and clears the token when the server refuses Google's answer", async () => {
    const { actor, effects, calls } = start(
      { token: null, user: null },
      { googleLogin: () => Promise.reject(apiFailure("2102", "The Google sign-in could not be verified")) },
    );
    actor.send({ type: "login.google", grant: { code: "" } });
    actor.send({ type: "login.google", grant: { credential: "not-a-jwt", nonce: "raw-nonce-of-22-characters" } });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "password" });
    expect(calls.google).toHaveLength(0);
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    await settle(actor, "signedOut");
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, failure: { errCode: "2102" } });
  });

  it("does not take a Google sign-in while signed in", async () => {
    const { actor, calls } = start({ token: "tok", user: storedUser });
    await settle(actor, "signedIn.ready");
    actor.send({ type: "login.google", grant: { code: "4/abc" } });
    expect(actor.getSnapshot().matches({ signedIn: "ready" })).toBe(true);
    expect(calls.google).toHaveLength(0);
  });

  it("logs out and clears everything even when the logout call fails", async () => {
    const { actor, effects, calls } = start(
      { token: "tok", user: storedUser },
      { logout: () => Promise.reject(apiFailure("5000")) },
    );
    await settle(actor, "signedIn.ready");
    actor.send({ type: "logout" });
    await settle(actor, "signedOut");
    expect(calls.logout).toBe(1);
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, profile: null, role: "" });
    expect(effects.reloadPage).not.toHaveBeenCalled();
  });

  it("without a stored user, logout clears and reloads without calling the server", async () => {
    const { actor, effects, calls } = start({ token: "tok", user: null });
    await settle(actor, "signedIn.ready");
    actor.send({ type: "logout" });
    expect(actor.getSnapshot().value).toEqual({ signedOut: "password" });
    expect(calls.logout).toBe(0);
    expect(effects.reloadPage).toHaveBeenCalledOnce();
  });

  it("opens the Re-Login dialog on an expired session; confirm logs out, announces it and reloads", async () => {
    const { actor, effects, calls } = start({ token: "tok", user: storedUser });
    await settle(actor, "signedIn.ready");
    expect(actor.getSnapshot().hasTag("reloginOpen")).toBe(false);
    actor.send({ type: "session.expired", errMsg: "Token expired" });
    expect(actor.getSnapshot().value).toBe("expired");
    expect(actor.getSnapshot().context.expiredMessage).toBe("Token expired");
    expect(actor.getSnapshot().hasTag("reloginOpen")).toBe(true);
    expect(actor.getSnapshot().hasTag("reloginBusy")).toBe(false);
    actor.send({ type: "relogin.confirm" });
    expect(actor.getSnapshot().value).toBe("reloginLoggingOut");
    expect(actor.getSnapshot().hasTag("reloginOpen")).toBe(true);
    expect(actor.getSnapshot().hasTag("reloginBusy")).toBe(true);
    await settle(actor, "signedOut");
    expect(actor.getSnapshot().hasTag("reloginOpen")).toBe(false);
    expect(calls.logout).toBe(1);
    expect(effects.announceLogout).toHaveBeenCalledOnce();
    expect(effects.reloadPage).toHaveBeenCalledOnce();
  });

  it("lets the merchant cancel the Re-Login dialog and stay on the page", async () => {
    const { actor } = start({ token: "tok", user: storedUser });
    await settle(actor, "signedIn.ready");
    actor.send({ type: "session.expired", errMsg: "x" });
    actor.send({ type: "relogin.cancel" });
    expect(actor.getSnapshot().matches({ signedIn: "ready" })).toBe(true);
  });

  it("switches role on the client only", async () => {
    const { actor } = start({ token: "tok", user: storedUser });
    await settle(actor, "signedIn.ready");
    actor.send({ type: "role.switch", role: "admin" });
    expect(actor.getSnapshot().context.role).toBe("admin");
  });

  it("takes a role switch only to another known role", async () => {
    const { actor } = start({ token: "tok", user: storedUser });
    await settle(actor, "signedIn.ready");
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: "role.switch", role: "admin" })).toBe(true);
    expect(snapshot.can({ type: "role.switch", role: "" })).toBe(false);
    expect(snapshot.can({ type: "role.switch", role: "owner" })).toBe(false);
    actor.send({ type: "role.switch", role: "owner" });
    expect(actor.getSnapshot().context.role).toBe("");
    actor.send({ type: "role.switch", role: "user" });
    expect(actor.getSnapshot().can({ type: "role.switch", role: "user" })).toBe(false);
    expect(actor.getSnapshot().can({ type: "role.switch", role: "admin" })).toBe(true);
  });

  it("starts with the remembered e-mail and follows Remember password", async () => {
    const { actor } = start({ token: null, user: null, rememberedEmail: "old@example.com" });
    expect(selectRememberedLogin(actor.getSnapshot())).toEqual({ email: "old@example.com", remember: true });
    actor.send({ type: "login.submit", email: "", password: "", remember: false });
    // An invalid form forgets nothing.
    expect(actor.getSnapshot().context.rememberedEmail).toBe("old@example.com");
    actor.send({ type: "login.submit", email: " m@example.com ", password: "Merchant7Pass", remember: false });
    expect(selectRememberedLogin(actor.getSnapshot())).toEqual({ email: "", remember: false });
    await settle(actor, "signedIn.ready");
    actor.send({ type: "logout" });
    await settle(actor, "signedOut");
    actor.send({ type: "login.submit", email: " m@example.com ", password: "Merchant7Pass", remember: true });
    expect(selectRememberedLogin(actor.getSnapshot())).toEqual({ email: "m@example.com", remember: true });
    expect(start({ token: null, user: null }).actor.getSnapshot().context.rememberedEmail).toBeNull();
  });
});

describe("session selectors", () => {
  /** A signed-out session snapshot holding `user` and the profile with `profilePart`. */
  const signedOut = createActor(sessionMachine, { input: { token: null, user: null } }).getSnapshot();
  const view = (user: typeof storedUser | null, profilePart: Partial<UserProfile> | null) =>
    sessionMachine.resolveState({
      value: "signedOut",
      context: {
        ...signedOut.context,
        user,
        profile: profilePart ? ({ ...profile, ...profilePart } as UserProfile) : null,
      },
    });

  it("prefer the loaded profile, then the stored user", () => {
    const both = view(
      { ...storedUser, nickName: "stored" },
      { userId: "200002", email: "p@example.com", nickName: "loaded" },
    );
    expect([selectUserId(both), selectEmail(both), selectNickName(both), selectDisplayName(both)]).toEqual([
      "200002",
      "p@example.com",
      "loaded",
      "loaded",
    ]);
    const storedOnly = view({ ...storedUser, nickName: "stored" }, null);
    expect([
      selectUserId(storedOnly),
      selectEmail(storedOnly),
      selectNickName(storedOnly),
      selectDisplayName(storedOnly),
    ]).toEqual(["100001", "m@example.com", "stored", "stored"]);
    const nothing = view(null, null);
    expect([selectUserId(nothing), selectEmail(nothing), selectNickName(nothing), selectDisplayName(nothing)]).toEqual([
      "",
      "",
      "",
      "",
    ]);
  });

  it("greet by e-mail while the merchant has no nickname", () => {
    expect(selectDisplayName(view({ ...storedUser, nickName: "" }, { nickName: "" }))).toBe("m@example.com");
    expect(selectDisplayName(view({ ...storedUser, nickName: "stored" }, { nickName: "" }))).toBe("stored");
  });

  it("wait for the first profile only", async () => {
    let answer: (p: UserProfile) => void = () => {};
    const { actor } = start(
      { token: "tok", user: storedUser },
      { loadProfile: () => new Promise((resolve) => (answer = resolve)) },
    );
    expect(selectAwaitingProfile(actor.getSnapshot())).toBe(true);
    answer(profile);
    await settle(actor, "signedIn.ready");
    expect(selectAwaitingProfile(actor.getSnapshot())).toBe(false);
    actor.send({ type: "profile.reload" });
    expect(actor.getSnapshot().matches({ signedIn: "loadingProfile" })).toBe(true);
    expect(selectAwaitingProfile(actor.getSnapshot())).toBe(false);
  });
});
