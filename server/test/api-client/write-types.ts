import { writeClientTypes } from '../openapi';

/** `npm run openapi:client`: the typed client's source from the document npm run openapi wrote. */
await writeClientTypes(process.argv[2] ?? 'dist/openapi.json');
