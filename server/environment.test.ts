import { describe, expect, it } from "vitest";
import { readNodeEnv } from "./environment.ts";

describe("NODE_ENV", () => {
  it("accepts exactly production, development and test; unset or empty is development", () => {
    expect(readNodeEnv("production")).toBe("production");
    expect(readNodeEnv("development")).toBe("development");
    expect(readNodeEnv("test")).toBe("test");
    expect(readNodeEnv(undefined)).toBe("development");
    expect(readNodeEnv("")).toBe("development");
  });

  it("refuses every other spelling, production's above all, saying what it accepts", () => {
    for (const value of ["Production", "PRODUCTION", "prod", " production", "production ", "staging", "dev"]) {
      expect(() => readNodeEnv(value), value).toThrow(
        `NODE_ENV=${value} is not one of production, development, test (or unset, which is development)`,
      );
    }
    // A control character cannot reach the message as such.
    expect(() => readNodeEnv("prod\nuction")).toThrow("NODE_ENV=prod\\nuction is not one of");
  });
});
