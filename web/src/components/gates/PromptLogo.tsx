import { campusLogoSvg } from '@common/logo';
import type { CampusDto } from '@common/schemas/campus';
import styles from './Prompts.module.css';

/** The campus tile above a prompt's title; decorative (the title says it all). */
export function PromptLogo({ campus }: { campus: CampusDto }) {
  // The uploaded logo when there is one (ADR 064), else the monogram.
  const src =
    campus.logoUrl ?? `data:image/svg+xml;utf8,${encodeURIComponent(campusLogoSvg(campus, 56))}`;
  return <img className={styles.logo} src={src} width={56} height={56} alt="" />;
}
