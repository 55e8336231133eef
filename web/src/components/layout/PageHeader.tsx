import type { ReactNode } from 'react';
import { useBack } from '../../lib/use-back-history';
import { useBackTo } from '../../lib/use-back-to';
import { ChevronLeftIcon } from '../ui/Icons';

/**
 * The title bar of an inner page, with a back button: to `backTo` when given
 * (see useBackTo), else to the newest page of the stored Back history that is
 * not this one (see useBack), else to `fallback`; none with `back={false}`.
 */
export function PageHeader({
  title,
  fallback = '/home',
  backTo,
  back = true,
  actions,
}: {
  title: ReactNode;
  fallback?: string;
  backTo?: string;
  back?: boolean;
  actions?: ReactNode;
}) {
  const goBackTo = useBackTo(backTo ?? fallback);
  const goBack = useBack(fallback);
  const handleBack = backTo ? goBackTo : goBack;
  return (
    <div className="page-header">
      {back ? (
        <button type="button" className="icon-button" aria-label="Back" onClick={handleBack}>
          <ChevronLeftIcon />
        </button>
      ) : null}
      <h1 className="page-header__title">{title}</h1>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
