import { useMutation } from '@tanstack/react-query';
import type { CampusId } from '@common/campus-rules';
import type { Viewer } from '@common/schemas/auth';
import { api } from '../../../lib/api';

export interface VerifySchoolCodeInput {
  code: string;
  email: string;
  campus?: CampusId;
}

export interface VerifySchoolCodeResult {
  viewer: Viewer;
  redirectTo: string;
  redirectCampus: { id: CampusId; url: string } | null;
}

/** "Verify": checks the PIN; on success the account is school-verified. */
export function verifySchoolCode(input: VerifySchoolCodeInput) {
  return api<VerifySchoolCodeResult>('/api/verification/verify', { method: 'POST', json: input });
}

export function useVerifySchoolCode() {
  return useMutation({ mutationFn: verifySchoolCode });
}
