import type { Selectable } from "kysely";
import type { LoginResult } from "../../../contracts/schemas/auth.ts";
import type { Role, UserProfile } from "../../../contracts/schemas/user.ts";
import type { MerchantsTable } from "../../db/schema.ts";

export type MerchantRow = Selectable<MerchantsTable>;

const roles: readonly string[] = ["", "user", "admin"];

/** The profile of spec section 3; fields the product does not keep yet answer "" or 0. */
export function toProfile(row: MerchantRow): UserProfile {
  return {
    userId: row.id,
    accountId: row.id,
    email: row.email,
    nickName: row.nick_name,
    name: row.nick_name,
    avatar: row.avatar,
    language: row.language,
    role: (roles.includes(row.role) ? row.role : "") as Role,
    registrationDate: row.created_at.toISOString(),
    job: "",
    jobName: "",
    organization: "",
    organizationName: "",
    location: "",
    locationName: "",
    introduction: "",
    personalWebsite: "",
    phone: "",
    certification: 0,
  };
}

/** What a sign-in answers (by password or by Google): the new session's token and who signed in. */
export const toLoginResult = (row: MerchantRow, accessToken: string): LoginResult => ({
  accessToken,
  userId: row.id,
  email: row.email,
  language: row.language,
  nickName: row.nick_name,
  avatar: row.avatar,
});
