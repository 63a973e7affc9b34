import { assign, fromPromise, setup } from "xstate";
import type { UpdateProfileRequest, UserProfile } from "../contracts/schemas/user.ts";
import { updateProfileRequest } from "../contracts/schemas/user.ts";
import { type FieldErrors, type Failure, fieldErrorsOf, toFailure } from "./api-failure.ts";

export interface NicknameEditContext {
  fieldErrors: FieldErrors;
  failure: Failure | null;
}

export type NicknameEditEvent = { type: "dialog.open" } | { type: "dialog.close" } | { type: "nickname.submit"; nickName: string };

const formOf = (event: NicknameEditEvent) => (event.type === "nickname.submit" ? { nickName: event.nickName } : {});

/** "Edit personal info": the nickname prompt of spec section 5, saved with User/update. */
export const nicknameEditMachine = setup({
  types: {} as { context: NicknameEditContext; events: NicknameEditEvent },
  actors: {
    saveProfile: fromPromise<UserProfile, UpdateProfileRequest>(async () => {
      throw new Error("saveProfile is provided by the app");
    }),
  },
  actions: {
    profileSaved: (_, _params: { profile: UserProfile }) => {},
  },
  guards: {
    formValid: ({ event }) => updateProfileRequest.safeParse(formOf(event)).success,
  },
}).createMachine({
  id: "nicknameEdit",
  context: { fieldErrors: {}, failure: null },
  initial: "closed",
  states: {
    closed: { on: { "dialog.open": { target: "editing", actions: assign({ fieldErrors: {}, failure: null }) } } },
    editing: {
      on: {
        "dialog.close": "closed",
        "nickname.submit": [
          { guard: "formValid", target: "saving", actions: assign({ fieldErrors: {}, failure: null }) },
          { actions: assign({ fieldErrors: ({ event }) => fieldErrorsOf(updateProfileRequest.safeParse(formOf(event))) }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: "saveProfile",
        src: "saveProfile",
        input: ({ event }) => updateProfileRequest.parse(formOf(event)),
        onDone: { target: "closed", actions: { type: "profileSaved", params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});
