import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { contrastRatio, MIN_CONTRAST } from '@common/contrast';
import {
  type AdminCampus,
  type AdminCampusInput,
  CAMPUS_FORM_WORDS,
} from '@common/schemas/admin-campuses';
import { Button } from '../../../components/ui/Button';
import { FieldMessage, TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import styles from './CampusForm.module.css';
import { LogoField } from './LogoField';

const W = CAMPUS_FORM_WORDS;

interface SpotDraft {
  key: number;
  id: string;
  name: string;
  description: string;
  hours: string;
}
interface Draft {
  id: string;
  name: string;
  productName: string;
  schoolName: string;
  city: string;
  state: string;
  domains: string;
  primary: string;
  accent: string;
  instagram: string;
  supportEmail: string;
  rankedFeed: boolean;
  isDefault: boolean;
  spots: SpotDraft[];
}

let nextKey = 0;
const blankSpot = (): SpotDraft => ({
  key: nextKey++,
  id: '',
  name: '',
  description: '',
  hours: '',
});

function draftOf(c: AdminCampus | null): Draft {
  if (!c)
    return {
      id: '',
      name: '',
      productName: '',
      schoolName: '',
      city: '',
      state: '',
      domains: '',
      primary: '#00205b',
      accent: '#7c7e7f',
      instagram: '',
      supportEmail: '',
      rankedFeed: false,
      isDefault: false,
      spots: [blankSpot(), blankSpot()],
    };
  return {
    id: c.id,
    name: c.name,
    productName: c.productName,
    schoolName: c.schoolName,
    city: c.city,
    state: c.state,
    domains: c.emailDomains.join(', '),
    primary: c.theme.primary,
    accent: c.theme.accent,
    instagram: c.instagram,
    supportEmail: c.supportEmail,
    rankedFeed: c.rankedFeed,
    isDefault: c.isDefault,
    spots: (c.spots ?? []).map((s) => ({ key: nextKey++, ...s, hours: s.hours ?? '' })),
  };
}

function inputOf(d: Draft): AdminCampusInput {
  return {
    id: d.id.trim(),
    name: d.name,
    ...(d.productName.trim() ? { productName: d.productName } : {}),
    schoolName: d.schoolName,
    city: d.city,
    state: d.state,
    emailDomains: d.domains
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    theme: { primary: d.primary, accent: d.accent },
    instagram: d.instagram.trim(),
    supportEmail: d.supportEmail,
    rankedFeed: d.rankedFeed,
    isDefault: d.isDefault,
    spots: d.spots.map((s) => ({
      id: s.id.trim(),
      name: s.name,
      description: s.description,
      ...(s.hours.trim() ? { hours: s.hours } : {}),
    })),
  };
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the browser's picker and the same value as text, each labelled. */
function ColourField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-text`}>
        {label}
      </label>
      <div className={styles.colour}>
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={`${id}-text`}
          className={styles.input}
          value={value}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <FieldMessage error={error} errorId={`${id}-error`} />
    </div>
  );
}

/** The live preview: the product's name in white on the primary colour, its contrast checked. */
function Preview({ draft }: { draft: Draft }) {
  const valid = HEX.test(draft.primary) && HEX.test(draft.accent);
  const ratio = valid ? contrastRatio('#ffffff', draft.primary) : null;
  const title = draft.productName.trim() || `${draft.name.trim() || 'Campus'} Buy / Sell`;
  return (
    <div className={styles.previewBox}>
      <p className={styles.label}>{W.preview}</p>
      <div
        className={styles.preview}
        style={valid ? { background: draft.primary, borderColor: draft.accent } : undefined}
        aria-hidden="true"
      >
        <span className={styles.previewTitle}>{title}</span>
        <span
          className={styles.previewAccent}
          style={valid ? { background: draft.accent } : undefined}
        />
      </div>
      {ratio !== null ? (
        <p
          className={ratio >= MIN_CONTRAST ? styles.pass : styles.fail}
          data-testid="contrast"
          aria-live="polite"
        >
          {W.contrast(ratio.toFixed(2), ratio >= MIN_CONTRAST)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Add a university" and "Edit": every field `npm run campus` takes (ADR
 * 054). The server checks the rules and names the field of each refusal;
 * the form shows each beside its field.
 */
export function CampusForm({
  campus,
  onSubmit,
  onCancel,
  pending,
}: {
  /** The campus edited; null adds one. */
  campus: AdminCampus | null;
  onSubmit: (input: AdminCampusInput) => Promise<unknown>;
  onCancel: () => void;
  pending: boolean;
}) {
  const [draft, setDraft] = useState(() => draftOf(campus));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  // A refusal brings its summary into view and focus: the button pressed is at the form's end.
  useEffect(() => {
    if (!general.length) return;
    summary.current?.focus();
    summary.current?.scrollIntoView?.({ block: 'center' });
  }, [general]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setSpot = (key: number, field: keyof Omit<SpotDraft, 'key'>, value: string) =>
    setDraft((d) => ({
      ...d,
      spots: d.spots.map((s) => (s.key === key ? { ...s, [field]: value } : s)),
    }));

  const errorOf = (...fields: string[]) => {
    for (const f of fields) {
      const hit = Object.entries(errors).find(([k]) => k === f || k.startsWith(`${f}.`));
      if (hit) return hit[1];
    }
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setErrors({});
      setGeneral([]);
      await onSubmit(inputOf(draft));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fields);
      const placed = new Set(Object.values(error.fields));
      const rest = (error.messages.length ? error.messages : [error.message]).filter(
        (m) => !placed.has(m),
      );
      setGeneral(Object.keys(error.fields).length ? [W.fixFields, ...rest] : rest);
    }
  };

  const text = (
    key: 'id' | 'name' | 'productName' | 'schoolName' | 'city' | 'state' | 'supportEmail',
    label: string,
    hint?: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      hint={hint}
      value={draft[key]}
      error={errorOf(key)}
      onChange={(e) => set(key, e.target.value)}
      {...extra}
    />
  );

  return (
    <form className={`card ${styles.form}`} onSubmit={(e) => void submit(e)} noValidate>
      {general.length ? (
        <div className={styles.general} role="alert" tabIndex={-1} ref={summary}>
          {general.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <div className={styles.grid}>
        {text('id', W.id, W.idHint, {
          disabled: campus !== null,
          autoCapitalize: 'none',
          spellCheck: false,
        })}
        {text('name', W.name, W.nameHint)}
        {text('productName', W.productName, W.productNameHint)}
        {text('schoolName', W.schoolName)}
        {text('city', W.city, W.cityHint)}
        {text('state', W.state)}
      </div>
      <TextField
        label={W.domains}
        hint={W.domainsHint}
        value={draft.domains}
        error={errorOf('emailDomains')}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => set('domains', e.target.value)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>Colours</legend>
        <div className={styles.grid}>
          <ColourField
            label={W.primary}
            value={draft.primary}
            error={errorOf('theme.primary', 'theme.onPrimary', 'theme')}
            onChange={(v) => set('primary', v)}
          />
          <ColourField
            label={W.accent}
            value={draft.accent}
            error={errorOf('theme.accent')}
            onChange={(v) => set('accent', v)}
          />
        </div>
        <Preview draft={draft} />
      </fieldset>
      {campus ? (
        <LogoField campus={campus} />
      ) : (
        <div className={styles.field}>
          <p className={styles.label}>{W.logo}</p>
          <FieldMessage hint={W.logoAfterAdd} errorId="campus-logo-hint" />
        </div>
      )}
      <div className={styles.grid}>
        <TextField
          label={W.instagram}
          hint={W.instagramHint}
          value={draft.instagram}
          error={errorOf('instagram')}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => set('instagram', e.target.value)}
        />
        {text('supportEmail', W.supportEmail, undefined, { type: 'email', spellCheck: false })}
      </div>
      <div className={styles.checks}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.rankedFeed}
            onChange={(e) => set('rankedFeed', e.target.checked)}
          />
          {W.rankedFeed}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.isDefault}
            aria-invalid={errorOf('isDefault') ? true : undefined}
            onChange={(e) => set('isDefault', e.target.checked)}
          />
          {W.isDefault}
        </label>
        {errorOf('isDefault') ? (
          <FieldMessage error={errorOf('isDefault')} errorId="campus-default-error" />
        ) : null}
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>{W.spots}</legend>
        <FieldMessage error={errors.spots} hint={W.spotsHint} errorId="campus-spots-error" />
        {draft.spots.map((s, i) => (
          <fieldset key={s.key} className={styles.spot}>
            <legend className={styles.spotTitle}>{W.spot(i + 1)}</legend>
            <div className={styles.grid}>
              <TextField
                label={W.spotId}
                value={s.id}
                error={errorOf(`spots.${i}.id`)}
                autoCapitalize="none"
                spellCheck={false}
                onChange={(e) => setSpot(s.key, 'id', e.target.value)}
              />
              <TextField
                label={W.spotName}
                value={s.name}
                error={errorOf(`spots.${i}.name`)}
                onChange={(e) => setSpot(s.key, 'name', e.target.value)}
              />
              <TextField
                label={W.spotDescription}
                value={s.description}
                error={errorOf(`spots.${i}.description`)}
                onChange={(e) => setSpot(s.key, 'description', e.target.value)}
              />
              <TextField
                label={W.spotHours}
                value={s.hours}
                error={errorOf(`spots.${i}.hours`)}
                onChange={(e) => setSpot(s.key, 'hours', e.target.value)}
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={draft.spots.length <= 2}
              onClick={() =>
                setDraft((d) => ({ ...d, spots: d.spots.filter((x) => x.key !== s.key) }))
              }
            >
              {W.removeSpot(i + 1)}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setDraft((d) => ({ ...d, spots: [...d.spots, blankSpot()] }))}
        >
          {W.addSpot}
        </Button>
      </fieldset>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {campus ? 'Save' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
