import * as z from "zod/mini";

/** Storage keys of spec section 3; other products' scripts read them, so they stay as they are. */
export const storageKeys = {
  token: "token",
  user: "UserIdToken",
  locale: "arco-locale",
  rememberedEmail: "rememberedEmail",
} as const;

export const storedUser = z.object({
  id: z.string(),
  email: z.string(),
  language: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});
export type StoredUser = z.infer<typeof storedUser>;

export interface SessionStore {
  readToken(): string | null;
  readUser(): StoredUser | null;
  save(token: string, user: StoredUser): void;
  saveUser(user: StoredUser): void;
  clear(): void;
}

export function browserSessionStore(storage: Storage): SessionStore {
  return {
    readToken: () => storage.getItem(storageKeys.token) || null,
    readUser() {
      const raw = storage.getItem(storageKeys.user);
      if (!raw) return null;
      try {
        const parsed = storedUser.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    save(token, user) {
      storage.setItem(storageKeys.token, token);
      storage.setItem(storageKeys.user, JSON.stringify(user));
    },
    saveUser(user) {
      storage.setItem(storageKeys.user, JSON.stringify(user));
    },
    clear() {
      storage.removeItem(storageKeys.token);
      storage.removeItem(storageKeys.user);
    },
  };
}
