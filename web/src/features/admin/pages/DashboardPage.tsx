import { useId, useState } from 'react';
import {
  DASHBOARD_MEASURES,
  DASHBOARD_RANGES,
  type DashboardDay,
  type DashboardQuery,
} from '@common/schemas/dashboard';
import { DASHBOARD_MESSAGES as M } from '@common/words/dashboard';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Button } from '../../../components/ui/Button';
import { useAdminCampuses } from '../api/campuses';
import { useDashboard } from '../api/dashboard';
import { ButtonLink } from '../../../components/ui/Button';
import { ADMIN_CAMPUSES_PATH } from '../../../components/gates/paths';
import { MeasureSection } from '../components/MeasureSection';
import { CHART_HEIGHT } from '../components/TimeSeriesChart';
import settings from '../../../components/layout/SettingsList.module.css';
import styles from './DashboardPage.module.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The campus and range pickers: native selects, usable from the keyboard as they are. */
function Controls({
  query,
  onChange,
}: {
  query: DashboardQuery;
  onChange: (query: DashboardQuery) => void;
}) {
  const id = useId();
  // The campuses the server has, added ones included (ADR 056).
  const campuses = useAdminCampuses();
  return (
    <div className={styles.controls}>
      <label className={styles.control} htmlFor={`${id}-c`}>
        <span>{M.campus}</span>
        <select
          id={`${id}-c`}
          value={query.campus}
          onChange={(e) =>
            onChange({ ...query, campus: e.target.value as DashboardQuery['campus'] })
          }
        >
          <option value="all">{M.allCampuses}</option>
          {(campuses.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.control} htmlFor={`${id}-r`}>
        <span>{M.range}</span>
        <select
          id={`${id}-r`}
          value={query.days}
          onChange={(e) => onChange({ ...query, days: Number(e.target.value) })}
        >
          {DASHBOARD_RANGES.map((days) => (
            <option key={days} value={days}>
              {M.ranges[days]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The totals over the range, one figure per measure. */
function Summary({ days }: { days: readonly DashboardDay[] }) {
  return (
    <section className={`card ${styles.summary}`} aria-labelledby="dashboard-summary">
      <h2 id="dashboard-summary" className={styles.summaryTitle}>
        {M.summary}
      </h2>
      <dl className={styles.figures}>
        {DASHBOARD_MEASURES.map((m) => (
          <div key={m} className={styles.figure}>
            <dt>{M.measures[m]}</dt>
            <dd>{fmt(days.reduce((sum, d) => sum + d[m], 0))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Boxes of the summary's and the charts' sizes while the figures load. */
function Skeleton() {
  return (
    <div className={styles.sections} aria-busy="true" aria-label="Loading the dashboard">
      <div className={`card ${styles.summary}`}>
        <span className="skeleton" style={{ width: 180, height: 18, borderRadius: 6 }} />
        <span className="skeleton" style={{ width: '100%', height: 96, borderRadius: 8 }} />
      </div>
      {DASHBOARD_MEASURES.map((m) => (
        <div key={m} className={`card ${styles.placeholder}`}>
          <span className="skeleton" style={{ width: 160, height: 18, borderRadius: 6 }} />
          <span className="skeleton" style={{ width: '80%', height: 14, borderRadius: 6 }} />
          <span
            className="skeleton"
            style={{ width: '100%', height: CHART_HEIGHT, borderRadius: 8 }}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * /admin: the operators' dashboard (ADR 055) — for one campus or all, over
 * 30 days, 90 days or the 13 months analytics keeps: the totals, then each
 * measure's days as a chart with the same figures as a table.
 */
export function DashboardPage() {
  const [query, setQuery] = useState<DashboardQuery>({ campus: 'all', days: 30 });
  const dashboard = useDashboard(query);
  return (
    <div className={`${settings.page} ${styles.page}`}>
      <PageHeader
        title={M.title}
        fallback="/settings"
        actions={
          <ButtonLink to={ADMIN_CAMPUSES_PATH} variant="secondary" size="sm">
            Campuses
          </ButtonLink>
        }
      />
      <Controls query={query} onChange={setQuery} />
      {dashboard.isPending ? (
        <Skeleton />
      ) : dashboard.isError ? (
        <div className={`card ${styles.error}`} role="alert">
          <p>{M.loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void dashboard.refetch()}>
            {M.retry}
          </Button>
        </div>
      ) : (
        <div className={styles.sections} aria-busy={dashboard.isPlaceholderData}>
          <Summary days={dashboard.data.days} />
          {DASHBOARD_MEASURES.map((m) => (
            <MeasureSection key={m} measure={m} days={dashboard.data.days} />
          ))}
        </div>
      )}
    </div>
  );
}
