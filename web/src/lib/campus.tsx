import { createContext, type ReactNode, useContext } from 'react';
import { GENERIC_CAMPUS_ID } from '@common/campus-rules';
import type { CampusDto } from '@common/schemas/campus';

const CampusContext = createContext<CampusDto | null>(null);

export function CampusProvider({ campus, children }: { campus: CampusDto; children: ReactNode }) {
  return <CampusContext.Provider value={campus}>{children}</CampusContext.Provider>;
}

/** The campus of this site (from the host name). */
export function useCampus(): CampusDto {
  const campus = useContext(CampusContext);
  if (!campus) throw new Error('useCampus outside CampusProvider');
  return campus;
}

export function isGenericCampus(campus: CampusDto): boolean {
  return campus.id === GENERIC_CAMPUS_ID;
}
