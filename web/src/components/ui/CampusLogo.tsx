import { campusLogoSvg } from '@common/logo';
import type { CampusDto } from '@common/schemas/campus';

/** The campus wordmark tile (same SVG as the favicon), at a fixed size so nothing shifts. */
export function CampusLogo({ campus, size = 40 }: { campus: CampusDto; size?: number }) {
  // The uploaded logo when there is one (ADR 064), else the monogram.
  const src =
    campus.logoUrl ?? `data:image/svg+xml;utf8,${encodeURIComponent(campusLogoSvg(campus, size))}`;
  return (
    <img className="campus-logo" src={src} width={size} height={size} alt={`${campus.name} logo`} />
  );
}
