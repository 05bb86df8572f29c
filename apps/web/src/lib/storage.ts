/** What SPEC.md keeps in the browser: the role, the user id and the admission draft. */
const keys = { role: "user_role", userId: "user_id", locale: "locale" } as const;
const initUrlKey = "initURL";

export function rememberUser(user: { userId: number; roleName: string }): void {
  localStorage.setItem(keys.role, user.roleName);
  localStorage.setItem(keys.userId, String(user.userId));
}

/**
 * Calls `changed` when another tab of this browser signs a different account in, or signs out: the
 * session cookie is the browser's, so this tab's screens, drawn for the account before, now act as
 * the new one. Answers the function that stops listening.
 */
export function onAccountChangedElsewhere(changed: () => void): () => void {
  const listener = (event: StorageEvent) => {
    // `key` is null when the other tab cleared everything (a sign-out, or a 401 there).
    if (event.storageArea !== localStorage || (event.key !== null && event.key !== keys.userId)) return;
    if (event.key !== null && event.newValue === event.oldValue) return;
    changed();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
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
