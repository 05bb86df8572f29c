/** What SPEC.md keeps in the browser: the role, the user id and the admission draft. */
const keys = { role: "user_role", userId: "user_id", locale: "locale" } as const;
const initUrlKey = "initURL";

export function rememberUser(user: { userId: number; roleName: string }): void {
  localStorage.setItem(keys.role, user.roleName);
  localStorage.setItem(keys.userId, String(user.userId));
}

/** Whether this browser still holds a signed-in user's details. */
export function hasStoredUser(): boolean {
  return localStorage.getItem(keys.role) !== null || localStorage.getItem(keys.userId) !== null;
}

/** Sign-out and any 401 clear everything stored, except the language the person chose. */
export function clearStoredData(): void {
  const locale = localStorage.getItem(keys.locale);
  localStorage.clear();
  sessionStorage.removeItem(initUrlKey);
  if (locale) localStorage.setItem(keys.locale, locale);
}

export function storedLocale(): string | null {
  return localStorage.getItem(keys.locale);
}

export function storeLocale(locale: string): void {
  localStorage.setItem(keys.locale, locale);
}

/** The protected URL a signed-out visitor asked for, to return to after signing in. */
export function rememberInitUrl(url: string): void {
  sessionStorage.setItem(initUrlKey, url);
}

export function takeInitUrl(): string | null {
  const url = sessionStorage.getItem(initUrlKey);
  sessionStorage.removeItem(initUrlKey);
  return url;
}
