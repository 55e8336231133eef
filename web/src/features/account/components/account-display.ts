import { format } from 'date-fns';
import type { Viewer } from '@common/schemas/auth';

export { ACCOUNT_PATH } from '../paths';

/** "+14055550123" as "(405) 555-0123"; other numbers as stored (the server takes US numbers). */
export function displayPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** "Month day, year": "February 28, 2001". */
export function displayBirthDate({ year, month, day }: NonNullable<Viewer['birthDate']>): string {
  return format(new Date(year, month - 1, day), 'MMMM d, yyyy');
}

export const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
