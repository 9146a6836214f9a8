// Prints (or writes) the OpenAPI document exactly as the app serves it, without a server: builds the app on a
// throwaway in-memory PGlite, reads app.swagger(), closes. Used by `npm run lint:openapi` and `npm run sdk:generate`.
//   node scripts/openapi/dump-openapi.ts [out.json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';

export async function openApiDocumentFromApp(): Promise<Record<string, any>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openapi-'));
  // A fixed public URL keeps the document (and the generated SDK types) the same on every machine.
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', FOLIO_DATA_DIR: dataDir, FOLIO_PUBLIC_URL: 'http://localhost:3000' });
  const database = await openDatabase(config, { memory: true });
  try {
    const app = await buildApp(config, { database, migrate: true, queue: false });
    try {
      return JSON.parse(JSON.stringify(app.swagger()));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = await openApiDocumentFromApp();
  const text = JSON.stringify(doc, null, 2) + '\n';
  const out = process.argv[2];
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
  process.exit(0);
}
