import * as z from "zod/mini";
import { idField, localeField, requiredString } from "./fields.ts";

export const roleField = z.enum(["", "user", "admin"]);
export type Role = z.infer<typeof roleField>;

/** What GET /api/user/logout?id= answers: the profile of spec section 3. */
export const userProfile = z.object({
  userId: z.string(),
  accountId: z.string(),
  email: z.string(),
  nickName: z.string(),
  name: z.string(),
  avatar: z.string(),
  language: z.string(),
  role: roleField,
  registrationDate: z.string(),
  job: z.string(),
  jobName: z.string(),
  organization: z.string(),
  organizationName: z.string(),
  location: z.string(),
  locationName: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  phone: z.string(),
  certification: z.number(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userInfoQuery = z.object({ id: idField });

export const updateProfileRequest = z.strictObject({
  nickName: requiredString.check(z.maxLength(40, "validation.tooLong")),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const languageQuery = z.object({ language: localeField });

export interface MenuItem {
  name: string;
  path: string;
  icon?: string;
  order: number;
  children?: MenuItem[];
}
export const menuItem: z.ZodMiniType<MenuItem> = z.object({
  name: z.string(),
  path: z.string(),
  icon: z.optional(z.string()),
  order: z.number(),
  get children() {
    return z.optional(z.array(menuItem));
  },
});
export const menuResult = z.array(menuItem);
