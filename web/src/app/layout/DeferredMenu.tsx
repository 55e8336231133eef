import { type ReactNode, useState } from 'react';
import type * as MenusModule from './menus';
import { useIdleImport } from '../../lib/use-idle-import';

export type Menus = typeof MenusModule;
const loadMenus = () => import('./menus');

/**
 * A dropdown of the app shell whose menu code (Radix, Floating UI) loads after
 * the first paint. Until then the same trigger is drawn as a plain button; a
 * click on it loads the menu and opens it as soon as it is there.
 */
export function DeferredMenu({
  className,
  label,
  face,
  menu,
}: {
  className: string;
  label: string;
  face: ReactNode;
  menu(menus: Menus, openAtOnce: boolean): ReactNode;
}) {
  const [menus, loadNow] = useIdleImport(loadMenus);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  if (menus) return menu(menus, openAtOnce);
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpenAtOnce(true);
        loadNow();
      }}
    >
      {face}
    </button>
  );
}
