import type { ReactNode } from 'react';

/**
 * An unread count over an icon's corner. It is
 * positioned over the icon, so nothing moves when it appears; `label` says
 * what is counted for screen readers.
 */
export function Badge({
  count,
  label,
  children,
}: {
  count: number;
  /** What is counted, read after the number; none when the control's label says it. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <span className="badge-anchor">
      {children}
      {count > 0 ? (
        <span className="badge">
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          {label ? (
            <span className="visually-hidden">
              , {count} {label}
            </span>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
