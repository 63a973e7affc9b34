import { endpoints } from "../../contracts/endpoints.ts";
import type { Locale } from "../../contracts/schemas/fields.ts";
import type { UpdateProfileRequest } from "../../contracts/schemas/user.ts";
import type { Call } from "./client.ts";

export const userApi = (call: Call) => ({
  /** The documented path is /api/user/logout?id=, but it answers the profile. */
  userInfo: (userId: string) => call(endpoints.userInfo, { query: { id: userId } }),
  menu: () => call(endpoints.menu),
  saveLanguage: (language: Locale) => call(endpoints.language, { query: { language } }),
  updateProfile: (body: UpdateProfileRequest) => call(endpoints.updateProfile, { body }),
});
