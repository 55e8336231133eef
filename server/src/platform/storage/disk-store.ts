import { once } from 'node:events';
import { createReadStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { assertSafeKey, type BlobEntry, type BlobStore, LIST_PAGE } from './blob-store';

/** Files under `$DATA_DIR/media`, served by the app at /uploads/*. */
export const LOCAL_MEDIA_PREFIX = '/uploads/';

export function createDiskStore(root: string, publicPrefix = LOCAL_MEDIA_PREFIX): BlobStore {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body, _contentType) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      const out = Buffer.isBuffer(body) ? null : createWriteStream(temp);
      try {
        if (out) await pipeline(body as Readable, out);
        else await fs.writeFile(temp, body as Buffer);
        await fs.rename(temp, file);
      } catch (error) {
        // A body that fails before the file is open leaves the stream opening it: the
        // file is created after a removal made now, so wait until the stream is closed.
        if (out && !out.closed) await once(out, 'close').catch(() => undefined);
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileFor(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file) as Readable;
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileFor(key), { force: true })));
    },
    url(key) {
      assertSafeKey(key);
      return publicPrefix + key;
    },
    async *list(prefix = '') {
      let page: BlobEntry[] = [];
      for await (const entry of walk(root, '')) {
        if (!entry.key.startsWith(prefix)) continue;
        page.push(entry);
        if (page.length === LIST_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}

/** Files under `dir` (relative to the store's root as `rel`), depth first; a file gone meanwhile is skipped. */
async function* walk(dir: string, rel: string): AsyncGenerator<BlobEntry> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const key = rel ? `${rel}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, key);
    else if (entry.isFile()) {
      const stat = await fs.stat(full).catch(() => null);
      if (stat) yield { key, modifiedAt: stat.mtimeMs };
    }
  }
}
