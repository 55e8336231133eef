import { useId, useMemo, useState } from 'react';
import type { DashboardDay, DashboardMeasure } from '@common/schemas/dashboard';
import { DASHBOARD_MESSAGES as M } from '@common/words/dashboard';
import { Button } from '../../../components/ui/Button';
import { TimeSeriesChart } from './TimeSeriesChart';
import styles from './MeasureSection.module.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The sentence that tells the chart: its total and its busiest day. */
export function describeMeasure(measure: DashboardMeasure, days: readonly DashboardDay[]): string {
  let total = 0;
  let peak: DashboardDay | null = null;
  for (const day of days) {
    total += day[measure];
    if (day[measure] > 0 && (!peak || day[measure] > peak[measure])) peak = day;
  }
  return M.describe(
    M.measures[measure],
    total,
    peak?.[measure] ?? 0,
    peak?.date ?? null,
    days.length,
  );
}

/**
 * One measure: its heading, a sentence, the chart, and the same figures as a
 * table — read by screen readers always, shown on request ("Show as table").
 */
export function MeasureSection({
  measure,
  days,
}: {
  measure: DashboardMeasure;
  days: readonly DashboardDay[];
}) {
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  const dates = useMemo(() => days.map((d) => d.date), [days]);
  const values = useMemo(() => days.map((d) => d[measure]), [days, measure]);
  const name = M.measures[measure];
  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={styles.heading}>
        {name}
      </h2>
      <p id={`${id}-d`} className={styles.description}>
        {describeMeasure(measure, days)}
      </p>
      <TimeSeriesChart
        dates={dates}
        values={values}
        label={name}
        labelledBy={`${id}-h`}
        describedBy={`${id}-d`}
      />
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={tableShown}
        aria-controls={`${id}-t`}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? M.hideTable : M.showTable}
      </Button>
      <div
        id={`${id}-t`}
        className={tableShown ? styles.tableBox : 'visually-hidden'}
        {...(tableShown
          ? { tabIndex: 0, role: 'region', 'aria-label': `${name}: ${M.showTable}` }
          : {})}
      >
        <table className={styles.table}>
          <caption className="visually-hidden">{name}</caption>
          <thead>
            <tr>
              <th scope="col">{M.date}</th>
              <th scope="col">{M.count}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{fmt(d[measure])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
