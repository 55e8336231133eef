/** The e-mail a sign-in link was sent to, kept in this browser for the link's landing page. */
const KEY = 'quad.emailForSignIn';

export function readStoredEmail(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeEmail(email: string): void {
  try {
    window.localStorage.setItem(KEY, email);
  } catch {
    // Storage refused (private mode): the landing page will ask for the e-mail again.
  }
}

export function clearStoredEmail(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
