import { describe, expect, it } from 'vitest';
import { newId, requestId } from './ids.ts';

describe('ids', () => {
  it('mints ULID-shaped, time-ordered ids', () => {
    const a = newId('run');
    expect(a).toMatch(/^run_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(newId('run').slice(4, 14) >= a.slice(4, 14)).toBe(true);
  });

  it('mints unique request ids that keep the ULID shape and time prefix', () => {
    const ids = Array.from({ length: 50_000 }, () => requestId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(requestId().slice(4, 14) >= ids[0].slice(4, 14)).toBe(true);
  });
});
