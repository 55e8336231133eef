import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { CHAT_MESSAGES } from '@common/words/chats';
import { authorName } from '../../../components/posts/PostParts';
import { Verified } from '../../../components/ui/VerifiedBadge';
import { Avatar } from '../../../components/ui/Avatar';
import { useStartChat } from '../../../components/messaging/use-start-chat';
import { useAlert } from '../../../components/ui/Alerts';
import { SearchIcon } from '../../../components/ui/Icons';
import { useUserSearch } from '../api/search-users';
import styles from './Messages.module.css';

const DEBOUNCE_MS = 250;

/** The search of the new-message dialog and page. */
export function UserPicker({ autoFocus = false }: { autoFocus?: boolean }) {
  const alert = useAlert();
  const start = useStartChat();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const listId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // Searching starts after more than one character typed.
  const searching = typed.trim().length > 1;
  const search = useUserSearch(query);
  const users = searching && query.length > 1 ? (search.data?.items ?? []) : [];
  useEffect(() => setHighlight(-1), [query]);

  const open = (index: number) => {
    const user = users[index];
    if (!user) {
      alert({ msg: CHAT_MESSAGES.selectUser, alertType: 'danger' });
      return;
    }
    if (!start.isPending) start.mutate(user.id);
  };
  // ↑ / ↓ move the highlight with wraparound; Enter opens the highlighted student's chat.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (users.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) =>
        h === -1 && step === -1 ? users.length - 1 : (h + step + users.length) % users.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(highlight);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className={styles.picker}>
      <div className={styles.pickerBox}>
        <SearchIcon width={18} height={18} className={styles.pickerIcon} aria-hidden="true" />
        <input
          type="text"
          role="combobox"
          aria-label="Search students"
          placeholder="Search students"
          aria-expanded={users.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={highlight >= 0 ? optionId(highlight) : undefined}
          value={typed}
          autoFocus={autoFocus}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={handleKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Students" className={styles.pickerList}>
        {users.map((user, index) => (
          <li
            key={user.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlight}
            className={styles.pickerOption}
            onMouseEnter={() => setHighlight(index)}
            onClick={() => open(index)}
          >
            <Avatar person={user} size={36} />
            <span className={styles.chatText}>
              <span className={styles.chatName}>
                {authorName(user)}
                <Verified verified={user.verified} />
              </span>
              <span className={styles.chatLast}>@{user.username}</span>
            </span>
          </li>
        ))}
      </ul>
      {searching && query.length > 1 && search.isSuccess && users.length === 0 ? (
        <p className={styles.inboxNote}>No Users</p>
      ) : null}
    </div>
  );
}
