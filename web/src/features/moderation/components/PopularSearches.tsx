import { useState } from 'react';
import { MESSAGES } from '@common/messages';
import { MODERATION_MESSAGES as M } from '@common/words/moderation';
import { useAlert } from '../../../components/ui/Alerts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api';
import { useDropPopularSearch, usePopularSearches } from '../api/popular-searches';
import styles from '../pages/ModerationPage.module.css';

/**
 * The campus's popular searches with a Remove button each (ADR 040): what a
 * few students wrote there for everyone, a moderator takes off for good.
 */
export function PopularSearches() {
  const popular = usePopularSearches();
  const drop = useDropPopularSearch();
  const alert = useAlert();
  const [asked, setAsked] = useState<{ id: string; text: string } | null>(null);
  const items = popular.data?.items ?? [];

  function handleConfirm(id: string) {
    drop.mutate(id, {
      onSuccess: ({ message }) => alert({ msg: message, alertType: 'success' }),
      onError: (error) =>
        alert({
          msg: error instanceof ApiError ? error.message : String(error),
          alertType: 'danger',
        }),
    });
  }

  return (
    <section className={styles.section} aria-labelledby="popular-searches-title">
      <h2 id="popular-searches-title" className={styles.sectionTitle}>
        {M.popularTitle}
      </h2>
      <p className={styles.meta}>{M.popularIntro}</p>
      {popular.isPending ? null : popular.isError ? (
        <p className={`card ${styles.empty}`}>{MESSAGES.somethingWentWrong}</p>
      ) : items.length === 0 ? (
        <p className={`card ${styles.empty}`}>{M.popularEmpty}</p>
      ) : (
        <ul className={`card ${styles.searches}`}>
          {items.map((item) => (
            <li key={item.id} className={styles.search}>
              <span className={styles.searchText}>{item.text}</span>
              <Button
                size="sm"
                variant="danger"
                aria-label={M.dropSearchLabel(item.text)}
                disabled={drop.isPending}
                onClick={() => setAsked(item)}
              >
                {M.dropSearchButton}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {asked ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setAsked(null))}
          title={M.dropSearchTitle(asked.text)}
          description={M.dropSearchText}
          confirmLabel={M.dropSearchButton}
          cancelLabel={M.cancel}
          danger
          onConfirm={() => handleConfirm(asked.id)}
        />
      ) : null}
    </section>
  );
}
