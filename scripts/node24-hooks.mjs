// Loaded with --import into every process of the Node 24 test tier (ADR 035): when
// better-sqlite3 asks for its addon, it gets the one built for Node 24 in .tmp/node24
// instead of node_modules' own, built for the machine's Node. Nothing else changes.
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE24_ADDON } from './node24.mjs';

const installed = `${path.sep}node_modules${path.sep}better-sqlite3${path.sep}build${path.sep}Release${path.sep}better_sqlite3.node`;
const addon = pathToFileURL(NODE24_ADDON).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return resolved.url.startsWith('file:') &&
      decodeURI(resolved.url).endsWith(installed.replaceAll(path.sep, '/'))
      ? { ...resolved, url: addon }
      : resolved;
  },
});
