import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useBackTo } from '../../lib/use-back-to';
import { ChevronLeftIcon } from '../ui/Icons';

/**
 * The title bar of an inner page, with a back button: to `backTo` when given
 * (see useBackTo), else back in history, else to `fallback`; none with `back={false}`.
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
  const navigate = useNavigate();
  const goBackTo = useBackTo(backTo ?? fallback);
  const handleBack = () => {
    if (backTo) goBackTo();
    else if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate(fallback);
  };
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
