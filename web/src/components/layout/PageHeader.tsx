import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ChevronLeftIcon } from '../ui/Icons';

/** The title bar of an inner page, with a back button (history, else `fallback`). */
export function PageHeader({
  title,
  fallback = '/home',
  actions,
}: {
  title: ReactNode;
  fallback?: string;
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  const handleBack = () => {
    if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate(fallback);
  };
  return (
    <div className="page-header">
      <button type="button" className="icon-button" aria-label="Back" onClick={handleBack}>
        <ChevronLeftIcon />
      </button>
      <h1 className="page-header__title">{title}</h1>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
