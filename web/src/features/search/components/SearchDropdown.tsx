import { SEARCH_MESSAGES } from '@common/words/search';
import { ClockIcon, CloseIcon, SearchIcon } from '../../../components/ui/Icons';
import type { DropdownSections, SearchOption } from '../search-options';
import styles from './SearchBox.module.css';

interface ListProps {
  id: string;
  label: string;
  labelledBy?: string;
  options: SearchOption[];
  /** Index in `sections.all` of this list's first option. */
  offset: number;
  optionId(index: number): string;
  highlight: number;
  onHighlight(index: number): void;
  onPick(option: SearchOption): void;
}

function OptionList({ id, label, labelledBy, options, offset, optionId, ...on }: ListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      className={styles.options}
    >
      {options.map((option, i) => (
        <li
          key={option.key}
          id={optionId(offset + i)}
          role="option"
          aria-selected={on.highlight === offset + i}
          className={styles.option}
          onMouseMove={() => on.highlight !== offset + i && on.onHighlight(offset + i)}
          onClick={() => on.onPick(option)}
        >
          {option.kind === 'recent' ? (
            <ClockIcon width={16} height={16} aria-hidden="true" />
          ) : (
            <SearchIcon width={16} height={16} aria-hidden="true" />
          )}
          <span className={styles.optionText}>{option.text}</span>
        </li>
      ))}
    </ul>
  );
}

export interface DropdownProps {
  baseId: string;
  typing: boolean;
  sections: DropdownSections;
  /** Popular and recent searches have both answered (the keyword hint waits for them). */
  loaded: boolean;
  optionId(index: number): string;
  highlight: number;
  onHighlight(index: number): void;
  onPick(option: SearchOption): void;
  onRemove(option: SearchOption): void;
  onClearAll(): void;
}

/**
 * The list under a search box: popular and
 * recent searches for an empty box, suggestions while typing. The buttons of
 * the recent rows sit beside the options, not inside them (an option holds no
 * control).
 */
export function SearchDropdown({ baseId, typing, sections, loaded, ...list }: DropdownProps) {
  const shared = { optionId: list.optionId, highlight: list.highlight };
  const handlers = { onHighlight: list.onHighlight, onPick: list.onPick };
  if (typing) {
    if (sections.suggestions.length === 0) return null;
    return (
      <div className={styles.popup}>
        <OptionList
          id={`${baseId}-suggestions`}
          label="Suggestions"
          options={sections.suggestions}
          offset={0}
          {...shared}
          {...handlers}
        />
      </div>
    );
  }
  const { popular, recent } = sections;
  if (popular.length === 0 && recent.length === 0) {
    return loaded ? (
      <div className={styles.popup}>
        <p className={styles.hint}>{SEARCH_MESSAGES.tryKeywords}</p>
      </div>
    ) : null;
  }
  return (
    <div className={styles.popup}>
      {popular.length > 0 ? (
        <section className={styles.section}>
          <p id={`${baseId}-popular-title`} className={styles.sectionHead}>
            <span className={styles.sectionTitle}>{SEARCH_MESSAGES.popular}</span>
          </p>
          <OptionList
            id={`${baseId}-popular`}
            label={SEARCH_MESSAGES.popular}
            labelledBy={`${baseId}-popular-title`}
            options={popular}
            offset={0}
            {...shared}
            {...handlers}
          />
        </section>
      ) : null}
      {recent.length > 0 ? (
        <section className={styles.section}>
          <div className={styles.sectionHead}>
            <span id={`${baseId}-recent-title`} className={styles.sectionTitle}>
              {SEARCH_MESSAGES.recent}
            </span>
            <button type="button" className={styles.clearAll} onClick={list.onClearAll}>
              {SEARCH_MESSAGES.clearAll}
            </button>
          </div>
          <div className={styles.recentRows}>
            <OptionList
              id={`${baseId}-recent`}
              label={SEARCH_MESSAGES.recent}
              labelledBy={`${baseId}-recent-title`}
              options={recent}
              offset={popular.length}
              {...shared}
              {...handlers}
            />
            <ul className={styles.removes} aria-label={`${SEARCH_MESSAGES.recent}: remove`}>
              {recent.map((option) => (
                <li key={option.key}>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove "${option.text}"`}
                    title="Remove"
                    onClick={() => list.onRemove(option)}
                  >
                    <CloseIcon width={16} height={16} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </div>
  );
}
