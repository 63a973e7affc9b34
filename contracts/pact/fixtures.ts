/** Sample data of the pacts. Matchers keep the provider free to answer other values of the same type. */
export const merchant = {
  email: "merchant@example.com",
  password: "Merchant7Pass",
  newPassword: "Better456",
  token: "pact-token-0001",
  userId: "1001",
  nickName: "Merchant One",
} as const;

export const newcomer = { email: "newcomer@example.com", password: "Welcome789", code: "123456" } as const;

export const resetCode = "654321";
