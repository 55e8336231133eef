import { ACCOUNT_MESSAGES as M, type AccountBody, MIN_AGE_YEARS } from '@common/schemas/account';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../../core/errors';

/** A phone number as stored: E.164 ("+14055550123"), read as a US number unless it says otherwise. */
export function normalisePhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const phone = parsePhoneNumberFromString(input, 'US');
  if (!phone?.isValid()) throw badRequest('invalid_phone', M.invalidPhone);
  return phone.number;
}

/**
 * A birth date as stored: all three parts or none ("Please fill in all the
 * fields"), a day that exists, and at least MIN_AGE_YEARS (16, the Terms'
 * minimum age) years ago, counted to the day.
 */
export function birthDateColumns(input: AccountBody['birthDate'], now: number) {
  if (input === null) return { birth_year: null, birth_month: null, birth_day: null };
  const { year, month, day } = input!;
  if (year === null || month === null || day === null)
    throw badRequest('incomplete_date', M.fillAllFields);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900) throw badRequest('invalid_date', M.notARealDate);
  const today = new Date(now);
  const birthday = Date.UTC(year + MIN_AGE_YEARS, month - 1, day);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (birthday > todayUtc) throw badRequest('too_young', M.tooYoung);
  return { birth_year: year, birth_month: month, birth_day: day };
}
