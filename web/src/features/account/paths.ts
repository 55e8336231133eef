/**
 * Where the account settings live. Apart from the pages' helpers
 * (components/account-display.ts), so that the routes every page loads
 * do not bring date-fns into the first JavaScript.
 */
export const ACCOUNT_PATH = '/settings/account';
