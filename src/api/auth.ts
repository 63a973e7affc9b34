import { endpoints } from "../../contracts/endpoints.ts";
import type {
  CheckCodeRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SendCodeRequest,
  UpdatePasswordRequest,
} from "../../contracts/schemas/auth.ts";
import type { Call } from "./client.ts";

export const authApi = (call: Call) => ({
  login: (body: LoginRequest) => call(endpoints.login, { body }),
  sendCode: (body: SendCodeRequest) => call(endpoints.sendCode, { body }),
  register: (body: RegisterRequest) => call(endpoints.register, { body }),
  checkCode: (body: CheckCodeRequest) => call(endpoints.checkCode, { body }),
  logout: (userId: string) => call(endpoints.logout, { query: { uid: userId } }),
  updatePassword: (body: UpdatePasswordRequest) => call(endpoints.updatePassword, { body }),
  resetPassword: (body: ResetPasswordRequest) => call(endpoints.resetPassword, { body }),
  lastLogin: () => call(endpoints.lastLogin),
});
