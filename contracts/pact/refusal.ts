import { expect } from "vitest";
import { ApiError } from "../../src/api/api-error.ts";

/** The call is refused by the provider's envelope: the client throws its ApiError with the provider's errCode. */
export async function expectRefusal(call: Promise<unknown>, errCode: string) {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ kind: "api", errCode });
}
