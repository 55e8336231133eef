import { useState } from 'react';
import {
  ADMIN_CAMPUS_MESSAGES as M,
  type AdminCampus,
  type AdminCampusInput,
} from '@common/schemas/admin-campuses';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { ADMIN_PATH } from '../../../components/gates/paths';
import { ApiError } from '../../../lib/api';
import { useAdminCampuses, useCampusChanges } from '../api/campuses';
import { CampusForm } from '../components/CampusForm';
import settings from '../../../components/layout/SettingsList.module.css';
import styles from './CampusesPage.module.css';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; campus: AdminCampus };

/** One campus of the list: its names, status, domains, and what can be done to it. */
function CampusRow({
  campus,
  onEdit,
  onRetire,
}: {
  campus: AdminCampus;
  onEdit: () => void;
  onRetire: () => void;
}) {
  return (
    <li className={`card ${styles.row}`}>
      <span
        className={styles.swatch}
        style={{ background: campus.theme.primary }}
        aria-hidden="true"
      />
      <div className={styles.what}>
        <h2 className={styles.name}>
          {campus.productName} <span className={styles.id}>({campus.id})</span>
        </h2>
        <p className={styles.detail}>
          {campus.schoolName} · {campus.city}
        </p>
        <p className={styles.detail}>{campus.emailDomains.join(', ')}</p>
        <p className={styles.tags}>
          <span className={`${styles.status} ${styles[campus.status]}`}>
            {M.status[campus.status]}
          </span>
          {campus.isDefault ? <span className={styles.tag}>Default</span> : null}
          {campus.rankedFeed ? <span className={styles.tag}>Ranked feed</span> : null}
        </p>
      </div>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          aria-label={`${M.edit} ${campus.name}`}
        >
          {M.edit}
        </Button>
        {campus.status !== 'closed' && !campus.isDefault ? (
          <Button
            variant="danger"
            size="sm"
            onClick={onRetire}
            aria-label={`${campus.status === 'active' ? M.retire : M.close} ${campus.name}`}
          >
            {campus.status === 'active' ? M.retire : M.close}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * /admin/campuses: what `npm run campus` does, in the browser (ADR 056) — the
 * list with each campus's status, "Add a university", edit, and retire
 * (active → read-only → closed) after a confirmation.
 */
export function CampusesPage() {
  const campuses = useAdminCampuses();
  const { add, edit, retire } = useCampusChanges();
  const alert = useAlert();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [retiring, setRetiring] = useState<AdminCampus | null>(null);

  const submit = async (input: AdminCampusInput) => {
    const saved =
      mode.kind === 'edit' ? await edit.mutateAsync(input) : await add.mutateAsync(input);
    alert({
      msg: mode.kind === 'edit' ? M.saved(saved.productName) : M.added(saved.productName),
      alertType: 'success',
    });
    setMode({ kind: 'list' });
  };

  const confirmRetire = async () => {
    const campus = retiring;
    setRetiring(null);
    if (!campus) return;
    try {
      const done = await retire.mutateAsync(campus.id);
      alert({
        msg: done.status === 'closed' ? M.closed(done.productName) : M.retired(done.productName),
        alertType: 'success',
      });
    } catch (error) {
      alert({
        msg: error instanceof ApiError ? error.message : String(error),
        alertType: 'danger',
      });
    }
  };

  if (mode.kind !== 'list')
    return (
      <div className={`${settings.page} ${styles.page}`}>
        <PageHeader
          title={mode.kind === 'add' ? M.add : `${M.edit} ${mode.campus.productName}`}
          fallback="/admin/campuses"
          back={false}
        />
        <CampusForm
          key={mode.kind === 'edit' ? mode.campus.id : 'new'}
          campus={mode.kind === 'edit' ? mode.campus : null}
          onSubmit={submit}
          onCancel={() => setMode({ kind: 'list' })}
          pending={add.isPending || edit.isPending}
        />
      </div>
    );

  return (
    <div className={`${settings.page} ${styles.page}`}>
      <PageHeader title={M.title} fallback={ADMIN_PATH} />
      <div className={styles.top}>
        <Button onClick={() => setMode({ kind: 'add' })}>{M.add}</Button>
      </div>
      {campuses.isPending ? (
        <div className={styles.list} aria-busy="true" aria-label="Loading the campuses">
          {[0, 1, 2].map((i) => (
            <span key={i} className="skeleton" style={{ height: 96, borderRadius: 12 }} />
          ))}
        </div>
      ) : campuses.isError ? (
        <div className="card" role="alert">
          <p>The campuses could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void campuses.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className={styles.list}>
          {campuses.data.map((c) => (
            <CampusRow
              key={c.id}
              campus={c}
              onEdit={() => setMode({ kind: 'edit', campus: c })}
              onRetire={() => setRetiring(c)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={retiring !== null}
        onOpenChange={(open) => !open && setRetiring(null)}
        title={
          retiring?.status === 'read_only'
            ? M.closeTitle(retiring.productName)
            : M.retireTitle(retiring?.productName ?? '')
        }
        description={retiring?.status === 'read_only' ? M.closeBody : M.retireBody}
        confirmLabel={retiring?.status === 'read_only' ? M.close : M.retire}
        danger
        onConfirm={() => void confirmRetire()}
      />
    </div>
  );
}
