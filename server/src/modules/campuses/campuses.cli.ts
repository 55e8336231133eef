import fs from 'node:fs';
import { type CampusAdmin, CampusAdminError } from './campuses.admin';

/** The commands of `npm run campus` (ADR 054), apart from the process that runs them (campus-cli.ts). */
const USAGE = [
  'Usage: npm run campus -- <command>',
  '  list                             every campus, its status and its school domains',
  '  add --file campus.json           add a campus (or an array of campuses)',
  '  edit <id> --file changes.json    change the fields the file names',
  '  retire <id>                      active → read-only; run again: read-only → closed',
].join('\n');

function fileArg(args: string[]): unknown {
  const at = args.indexOf('--file');
  const file = at >= 0 ? args[at + 1] : undefined;
  if (!file) throw new CampusAdminError(`--file is required.\n${USAGE}`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new CampusAdminError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CampusAdminError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

const idArg = (args: string[]) => {
  const id = args[1];
  if (!id || id.startsWith('--')) throw new CampusAdminError(`A campus id is required.\n${USAGE}`);
  return id;
};

/** Runs one command; what it prints is returned, one line an entry. */
export async function runCampusCommand(admin: CampusAdmin, args: string[]): Promise<string[]> {
  switch (args[0]) {
    case 'list':
      return (await admin.list()).map(
        (c) =>
          `${c.id.padEnd(20)} ${c.status.padEnd(9)} ${c.isDefault ? 'default ' : '        '}${c.productName} (${c.emailDomains.join(', ') || 'no school domains'})`,
      );
    case 'add':
      return (await admin.add(fileArg(args))).map((c) => `Added ${c.id}: ${c.productName}.`);
    case 'edit': {
      const c = await admin.edit(idArg(args), fileArg(args));
      return [`Changed ${c.id}: ${c.productName}.`];
    }
    case 'retire': {
      const c = await admin.retire(idArg(args));
      return [
        c.status === 'read_only'
          ? `Campus ${c.id} is read-only: students read, nothing new is written. Retire it again to close it.`
          : `Campus ${c.id} is closed.`,
      ];
    }
    default:
      throw new CampusAdminError(USAGE);
  }
}
