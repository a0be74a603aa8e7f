/*
 * A new account is welcomed, not welcomed back (issue 18): registration marks the account as new for this browser
 * session (sessionStorage), the signed-in home reads it, and signing in (an account that existed before) clears it.
 */
const NEW_ACCOUNT_KEY = 'intel.new-account';

export function markNewAccount(userId: string): void {
  try {
    window.sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
  } catch {
    // Storage refused (private mode, quota): the home page then says "Welcome back", as before.
  }
}

export function forgetNewAccount(): void {
  try {
    window.sessionStorage.removeItem(NEW_ACCOUNT_KEY);
  } catch {
    // Nothing was stored.
  }
}

export function isNewAccount(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(NEW_ACCOUNT_KEY) === userId;
  } catch {
    return false;
  }
}
