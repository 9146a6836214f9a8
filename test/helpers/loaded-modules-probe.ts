// A `node --import` probe: records every module the process loads (ESM and CommonJS, through Node's
// synchronous loader hooks) and writes the list to FOLIO_PROBE_MODULES_FILE (one file URL a line) when
// the process exits or receives SIGUSR2. Used by test/lazy-modules.test.ts (which packages
// `folio serve` loads to start).
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});

const file = process.env.FOLIO_PROBE_MODULES_FILE;
if (file) {
  // Written aside, then renamed into place: a reader that sees the file sees all of it.
  const write = () => {
    fs.writeFileSync(`${file}.part`, [...loaded].join('\n'));
    fs.renameSync(`${file}.part`, file);
  };
  process.on('exit', write);
  // A test can ask for the list while the process runs (SIGUSR2), without stopping it.
  process.on('SIGUSR2', write);
}
