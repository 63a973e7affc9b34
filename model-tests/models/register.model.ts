import { registerMachine } from "../../machines/auth/register.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, merchant, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(registerMachine);

export const validRegistration = {
  email: merchant.email,
  code: "123456",
  password: merchant.password,
  repeatPassword: merchant.password,
};

const forms = {
  valid: validRegistration,
  badEmail: { ...validRegistration, email: "not-an-email" },
  mismatch: { ...validRegistration, repeatPassword: "Secret124" },
  weak: { ...validRegistration, password: "weakpass", repeatPassword: "weakpass" },
};

export const registerModel: MachineModel<typeof registerMachine> = {
  id: "register",
  machine: registerMachine,
  starts: [{ name: "", input: undefined }],
  // One console fills the form again after each refusal: every check reads the page as it is now.
  walks: true,
  events: (s) => {
    if (s.matches("editing"))
      return Object.values(forms).map((form) => ({ type: "register.submit" as const, ...form }));
    if (s.matches("submitting"))
      return [
        done("register", { userId: merchant.userId, email: merchant.email }),
        failed("register", failure("2001", "E-mail already exists")),
      ];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "register.submit")
      return `Fill e-mail "${e.email}", code, password "${e.password}", repeat "${e.repeatPassword}"; press Register`;
    if (e.type === "xstate.done.actor.register") return "The server accepts the registration";
    if (e.type === "xstate.error.actor.register") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    if (s.matches("editing")) {
      const errors = Object.values(s.context.fieldErrors).map(english);
      return errors.length
        ? `The form shows: ${errors.join(", ")}`
        : s.context.failure
          ? `The form: ${saidOnce(s.context.failure)}`
          : "The empty registration form";
    }
    if (s.matches("submitting")) return "Register shows a spinner and cannot be pressed again";
    return "The sign-in page, with the e-mail filled in";
  },
  excluded: [],
};
