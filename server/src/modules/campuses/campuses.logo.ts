import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import type { Campus, SiteCampus } from '@common/campuses';
import { campusLogoSvg } from '@common/logo';
import { CAMPUS_LOGO_MESSAGES as L } from '@common/schemas/admin-campuses';
import { badRequest } from '../../core/errors';
import { MAX_INPUT_PIXELS } from '../../platform/images';
import { imageSlots } from '../../platform/images/slots';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { CampusAdmin } from './campuses.admin';

/** A stored logo is a square PNG this many pixels a side (ADR 064). */
export const CAMPUS_LOGO_SIZE = 512;
/** The largest icon `campusIcon` draws. */
export const MAX_ICON_SIZE = 1024;
/** Uploaded logos live under this prefix, which the media sweeps never read (ADR 064). */
export const CAMPUS_LOGO_PREFIX = 'campus-logos/';

/** The formats a logo may arrive in, by their bytes: never SVG, which can carry script. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The blob key of a campus's logo: its version (`logo_media_id`) names the file. */
export const campusLogoKey = (campusId: string, version: string): string =>
  `${CAMPUS_LOGO_PREFIX}${campusId}/${version}.png`;

/**
 * The address every campus's site serves the logo at (same origin wherever it
 * is shown, so the CSP's img-src 'self' holds); null draws the monogram. The
 * version in the path makes it cacheable for ever.
 */
export function campusLogoPath(campus: Pick<SiteCampus, 'id' | 'logoMediaId'>): string | null {
  return campus.logoMediaId ? `/campus-logos/${campus.id}/${campus.logoMediaId}.png` : null;
}

/**
 * Campus logos an operator uploads (ADR 064): judged by their bytes,
 * re-encoded by sharp to a square PNG without metadata, stored through the
 * BlobStore, recorded as the campus's `logo_media_id` (announced as
 * `campus.changed` by CampusAdmin, so every server's registry sees it).
 */
export interface CampusLogos {
  /** Stores `bytes` as the campus's logo; the previous file goes once the new one is recorded. */
  set(campusId: string, bytes: Buffer): Promise<SiteCampus>;
  /** Takes the logo off: the site draws the monogram again; the file goes. */
  remove(campusId: string): Promise<SiteCampus>;
  /** The stored logo's PNG, or null when there is none (or its file is gone). */
  read(campus: Pick<SiteCampus, 'id' | 'logoMediaId'>): Promise<Buffer | null>;
  /**
   * The campus's icon as a square PNG of `size` pixels: its uploaded logo, or
   * its monogram (campusLogoSvg) drawn by sharp. For favicons and the web app
   * manifest's icons. Remembered per campus, logo version and size.
   */
  campusIcon(campus: Campus & Pick<SiteCampus, 'logoMediaId'>, size: number): Promise<Buffer>;
}

/** A logo ready to store: a transparent square PNG of CAMPUS_LOGO_SIZE. */
export async function processLogo(input: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !LOGO_TYPES.has(type.mime)) {
    // file-type calls an SVG XML, or nothing: it is told apart by its opening.
    if (type?.mime === 'image/svg+xml' || looksLikeSvg(input)) throw badRequest('logo_svg', L.svg);
    throw badRequest('not_logo', L.notImage);
  }
  try {
    return await imageSlots.run(() =>
      sharp(input, { failOn: 'error', autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS })
        .timeout({ seconds: 60 })
        .resize(CAMPUS_LOGO_SIZE, CAMPUS_LOGO_SIZE, {
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
  } catch {
    throw badRequest('unreadable_logo', L.unreadable);
  }
}

/** True when the bytes read as an XML or SVG document (after any BOM and blanks). */
function looksLikeSvg(input: Buffer): boolean {
  const head = input
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^<(\?xml|svg|!doctype svg|!--)/i.test(head) || /<svg[\s>]/i.test(head);
}

/** How many drawn icons are remembered (a few sizes of each campus). */
const ICON_CACHE = 64;

/** Builds CampusLogos over the campus rules (CampusAdmin) and the media store. */
export function createCampusLogos({
  admin,
  storage,
  reload,
}: {
  admin: CampusAdmin;
  storage: BlobStore;
  /** Serves the change from this server before the answer leaves (ADR 056). */
  reload: () => Promise<void>;
}): CampusLogos {
  const icons = new Map<string, Promise<Buffer>>();

  const current = async (campusId: string) =>
    (await admin.list()).find((c) => c.id === campusId) ?? null;

  const read = (campus: Pick<SiteCampus, 'id' | 'logoMediaId'>) => readLogo(storage, campus);

  return {
    read,

    async set(campusId, bytes) {
      const png = await processLogo(bytes);
      const before = await current(campusId);
      const version = uuidv7();
      const key = campusLogoKey(campusId, version);
      await storage.put(key, png, 'image/png');
      let saved: SiteCampus;
      try {
        saved = await admin.edit(campusId, { logoMediaId: version });
      } catch (error) {
        // A file no campus names would stay for ever (the sweeps skip this prefix).
        await storage.delete([key]).catch(() => {});
        throw error;
      }
      await reload();
      if (before?.logoMediaId && before.logoMediaId !== version)
        await storage.delete([campusLogoKey(campusId, before.logoMediaId)]);
      return saved;
    },

    async remove(campusId) {
      const before = await current(campusId);
      const saved = await admin.edit(campusId, { logoMediaId: null });
      await reload();
      if (before?.logoMediaId) await storage.delete([campusLogoKey(campusId, before.logoMediaId)]);
      return saved;
    },

    campusIcon(campus, size) {
      if (!Number.isInteger(size) || size < 16 || size > MAX_ICON_SIZE)
        return Promise.reject(
          new RangeError(`icon size must be an integer from 16 to ${MAX_ICON_SIZE}`),
        );
      const { primary, onPrimary, accent } = campus.theme;
      const id = [
        campus.id,
        campus.logoMediaId ?? '',
        campus.name,
        primary,
        onPrimary,
        accent,
        size,
      ];
      const cacheKey = id.join('|');
      let icon = icons.get(cacheKey);
      if (!icon) {
        icon = drawIcon(read, campus, size);
        icon.catch(() => icons.delete(cacheKey));
        if (icons.size >= ICON_CACHE) icons.delete(icons.keys().next().value!);
        icons.set(cacheKey, icon);
      }
      return icon;
    },
  };
}

/** The stored logo's PNG, or null when there is none (or its file is gone). */
async function readLogo(
  storage: BlobStore,
  campus: Pick<SiteCampus, 'id' | 'logoMediaId'>,
): Promise<Buffer | null> {
  if (!campus.logoMediaId) return null;
  const stream = await storage.get(campusLogoKey(campus.id, campus.logoMediaId));
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A square PNG of `size`: the uploaded logo, else the monogram drawn by sharp. */
async function drawIcon(
  read: (campus: Pick<SiteCampus, 'id' | 'logoMediaId'>) => Promise<Buffer | null>,
  campus: Campus & Pick<SiteCampus, 'logoMediaId'>,
  size: number,
): Promise<Buffer> {
  const logo = await read(campus);
  const source = logo ?? Buffer.from(campusLogoSvg(campus, size));
  return imageSlots.run(() =>
    sharp(source)
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer(),
  );
}
