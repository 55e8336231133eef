import { CATEGORIES } from '@common/categories';
import { priceFilterLabel } from '@common/listings';
import type { AlertEmail, SavedSearchDto } from '@common/schemas/search';
import { SEARCH_MESSAGES } from '@common/words/search';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { type SavedSearchChange, useUpdateSavedSearch } from '../api/update-saved-search';
import { writeListingFilter } from '../../../lib/listing-filters';
import { useSettingsNarrow } from '../../../lib/use-media-query';
import list from '../../../components/layout/SettingsList.module.css';
import styles from './SavedSearchesPage.module.css';

/** Quad's words for this page (ADR 010); the alerts' words are SEARCH_MESSAGES. */
export const SAVED_SEARCHES_TEXT = {
  title: 'Saved searches',
  intro:
    'We tell you when a new listing on your campus matches one of these. Choose whether it also comes by e-mail.',
  empty:
    'No saved searches yet. Search for something and choose “Alert me” to hear when it’s posted.',
  email: 'E-mail',
  emailChoices: { off: 'No e-mail', instant: 'At once', daily: 'Daily digest' },
  emailSaved: 'E-mail choice saved',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  paused: 'Paused',
  tabs: { latest: 'Listings', media: 'Photos & videos' },
} as const satisfies Record<string, unknown>;
const T = SAVED_SEARCHES_TEXT;

/** Where a saved search's results are: the search page with its tab and category. */
export function resultsLink(s: SavedSearchDto): string {
  const params = new URLSearchParams({ q: s.query, show: s.show });
  if (s.category) params.set('category', s.category);
  writeListingFilter(params, {
    minPrice: s.minPrice ?? undefined,
    maxPrice: s.maxPrice ?? undefined,
    free: s.free || undefined,
  });
  return `/search?${params.toString()}`;
}

const categoryLabel = (category: string) =>
  (CATEGORIES as readonly string[]).includes(category)
    ? category.replace(/(^|[\s,&])(\w)/g, (_, lead: string, c: string) => lead + c.toUpperCase())
    : category;

function SavedSearchRow({ search }: { search: SavedSearchDto }) {
  const alert = useAlert();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const busy = update.isPending || remove.isPending;
  const fail = (error: unknown) =>
    alert({
      msg: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
      alertType: 'danger',
    });
  const change = (patch: SavedSearchChange, msg: string) =>
    update.mutate(
      { id: search.id, change: patch },
      { onSuccess: () => alert({ msg, alertType: 'success' }), onError: fail },
    );
  const handleTogglePause = () =>
    change(
      { paused: !search.paused },
      search.paused ? SEARCH_MESSAGES.alertResumed : SEARCH_MESSAGES.alertPaused,
    );
  const handleEmail = (event: React.ChangeEvent<HTMLSelectElement>) =>
    change({ email: event.target.value as AlertEmail }, T.emailSaved);
  const handleDelete = () =>
    remove.mutate(search.id, {
      onSuccess: () => alert({ msg: SEARCH_MESSAGES.alertDeleted, alertType: 'success' }),
      onError: fail,
    });
  const details = [
    T.tabs[search.show],
    search.category ? categoryLabel(search.category) : null,
    priceFilterLabel(search),
  ]
    .filter(Boolean)
    .join(' · ');
  const emailId = `saved-search-email-${search.id}`;
  return (
    <li className={styles.row} data-paused={search.paused || undefined}>
      <Link to={resultsLink(search)} className={styles.query}>
        <span className={styles.queryText}>{search.query}</span>
        <span className={styles.details}>
          {details}
          {search.paused ? <span className={styles.pausedTag}>{T.paused}</span> : null}
        </span>
      </Link>
      <div className={styles.controls}>
        <label className={styles.emailLabel} htmlFor={emailId}>
          {T.email}
        </label>
        <select
          id={emailId}
          aria-label={`${T.email} for “${search.query}”`}
          className={styles.select}
          value={search.email}
          disabled={busy}
          onChange={handleEmail}
        >
          {(Object.keys(T.emailChoices) as AlertEmail[]).map((value) => (
            <option key={value} value={value}>
              {T.emailChoices[value]}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={handleTogglePause}
          aria-label={`${search.paused ? T.resume : T.pause} “${search.query}”`}
        >
          {search.paused ? T.resume : T.pause}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={styles.delete}
          disabled={busy}
          onClick={handleDelete}
          aria-label={`${T.delete} “${search.query}”`}
        >
          {T.delete}
        </Button>
      </div>
    </li>
  );
}

/** /settings/saved-searches: pause, resume, choose e-mail, delete (ADR 010). */
export function SavedSearchesPage() {
  const { data, isPending, isError } = useSavedSearches();
  const narrow = useSettingsNarrow();
  return (
    <div className={list.page}>
      <PageHeader
        title={T.title}
        fallback="/settings"
        {...(narrow ? { backTo: '/settings' } : {})}
      />
      <p className={list.intro}>{T.intro}</p>
      <section className={`card ${list.card}`} aria-label={T.title}>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <p className={styles.empty}>Something went wrong. Try again.</p>
        ) : data.items.length === 0 ? (
          <p className={styles.empty}>{T.empty}</p>
        ) : (
          <ul className={list.list}>
            {data.items.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
