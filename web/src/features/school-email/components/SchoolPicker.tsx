import type { CampusDto } from '@common/schemas/campus';
import { Button } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { ChevronRightIcon } from '../../../components/ui/Icons';
import { Skeleton } from '../../../components/ui/Spinner';
import { useSchools } from '../../../lib/campuses';
import styles from './SchoolEmail.module.css';

/** On the generic site: which school's e-mail domains apply (it becomes ?campus=). */
export function SchoolPicker({ onPick }: { onPick(campus: CampusDto): void }) {
  const schools = useSchools();
  if (schools.isError) {
    return (
      <div className={styles.pickerError} role="alert">
        <p>We couldn't load the list of schools.</p>
        <Button variant="secondary" size="sm" onClick={() => void schools.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ul className={styles.picker} aria-label="Schools" aria-busy={schools.isPending}>
      {schools.isPending
        ? Array.from({ length: 4 }, (_, index) => (
            <li key={index} className={styles.pickerRow} aria-hidden="true">
              <Skeleton width={40} height={40} radius={10} />
              <span className={styles.pickerText}>
                <Skeleton width="60%" height={15} radius={6} />
                <Skeleton width="35%" height={12} radius={6} />
              </span>
            </li>
          ))
        : schools.data.map((campus) => (
            <li key={campus.id}>
              <button type="button" className={styles.pickerRow} onClick={() => onPick(campus)}>
                <CampusLogo campus={campus} size={40} />
                <span className={styles.pickerText}>
                  <span className={styles.pickerName}>{campus.schoolName}</span>
                  <span className={styles.pickerMeta}>{campus.productName}</span>
                </span>
                <ChevronRightIcon className={styles.pickerChevron} width={18} height={18} />
              </button>
            </li>
          ))}
    </ul>
  );
}
