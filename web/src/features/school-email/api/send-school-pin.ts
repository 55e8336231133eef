import { useMutation } from '@tanstack/react-query';
import type { CampusId } from '@common/campus-rules';
import { api } from '../../../lib/api';

export interface SendSchoolPinInput {
  schoolEmail: string;
  /** The chosen school on the generic campus; other sites use their own. */
  campus?: CampusId;
}

/** "Send PIN": e-mails a 4-digit code to the school address. */
export function sendSchoolPin(input: SendSchoolPinInput) {
  return api<{ sent: boolean; email: string }>('/api/me/school-email', {
    method: 'POST',
    json: input,
  });
}

export function useSendSchoolPin() {
  return useMutation({ mutationFn: sendSchoolPin });
}
