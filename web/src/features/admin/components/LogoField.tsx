import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  type AdminCampus,
  CAMPUS_FORM_WORDS as W,
  CAMPUS_LOGO_MESSAGES as L,
  MAX_CAMPUS_LOGO_BYTES,
} from '@common/schemas/admin-campuses';
import { Button } from '../../../components/ui/Button';
import { CampusLogo } from '../../../components/ui/CampusLogo';
import { FieldMessage } from '../../../components/ui/TextField';
import { api, ApiError } from '../../../lib/api';
import { uploadWithProgress } from '../../../lib/upload';
import { campusesKey } from '../api/campuses';
import styles from './CampusForm.module.css';

/** The types the file picker offers; the server judges the bytes (ADR 064). */
const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The campus form's "Logo" field (ADR 064): the logo the site shows now (the
 * monogram without an upload), a file to upload in its place, and removing it.
 * Each change is saved at once, apart from the form's Save; a refusal shows
 * beside the field in the server's words.
 */
export function LogoField({ campus }: { campus: AdminCampus }) {
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(campus);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const url = `/api/admin/campuses/${encodeURIComponent(campus.id)}/logo`;

  const run = async (
    kind: 'upload' | 'remove',
    change: () => Promise<AdminCampus>,
    done: string,
  ) => {
    setError(undefined);
    setStatus(undefined);
    setBusy(kind);
    try {
      setShown(await change());
      setStatus(done);
      void queryClient.invalidateQueries({ queryKey: campusesKey });
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    } finally {
      setBusy(null);
      setProgress(0);
      if (input.current) input.current.value = '';
    }
  };

  const upload = (file: File) => {
    // Told before a byte is sent; the server refuses the same in the same words.
    if (file.size > MAX_CAMPUS_LOGO_BYTES) {
      setStatus(undefined);
      setError(L.tooLarge);
      if (input.current) input.current.value = '';
      return;
    }
    void run(
      'upload',
      () =>
        uploadWithProgress<AdminCampus>('PUT', url, file, (loaded) =>
          setProgress(Math.min(100, Math.round((100 * loaded) / Math.max(1, file.size)))),
        ),
      W.logoSaved,
    );
  };

  const remove = () =>
    void run('remove', () => api<AdminCampus>(url, { method: 'DELETE' }), W.logoRemoved);

  return (
    <div className={styles.field} role="group" aria-labelledby={`${id}-label`}>
      <p className={styles.label} id={`${id}-label`}>
        {W.logo}
      </p>
      <div className={styles.logoRow}>
        <span className={styles.logoPreview} data-testid="logo-preview">
          <CampusLogo campus={shown} size={64} />
        </span>
        <div className={styles.logoActions}>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={W.uploadLogo}
            aria-describedby={`${id}-message`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload(file);
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            aria-describedby={`${id}-message`}
            onClick={() => input.current?.click()}
          >
            {busy === 'upload'
              ? `${W.uploadingLogo} ${progress}%`
              : shown.logoUrl
                ? W.replaceLogo
                : W.uploadLogo}
          </Button>
          {shown.logoUrl ? (
            <Button variant="ghost" size="sm" disabled={busy !== null} onClick={remove}>
              {busy === 'remove' ? W.removingLogo : W.removeLogo}
            </Button>
          ) : null}
        </div>
      </div>
      <FieldMessage error={error} hint={W.logoHint} errorId={`${id}-message`} />
      <p className={styles.pass} aria-live="polite">
        {status ?? ''}
      </p>
    </div>
  );
}
