// The committed editor bundle (web/dist) is what `npm run build:web` makes from web/src and the
// installed TipTap: a stale bundle would serve an editor that is not the one in the sources.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLES, buildWeb, WEB } from '../scripts/build-web.ts';

describe('web bundle', () => {
  it('web/dist is up to date with web/src (run `npm run build:web`)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    try {
      await buildWeb(dir);
      for (const b of BUNDLES) {
        const fresh = fs.readFileSync(path.join(dir, b.out));
        const committed = fs.readFileSync(path.join(WEB, 'dist', b.out));
        expect(committed.equals(fresh), `web/dist/${b.out} is stale: run npm run build:web`).toBe(true);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
