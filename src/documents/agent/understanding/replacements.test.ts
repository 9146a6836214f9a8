// Find-and-replace instructions as people write them, and the casing they keep.
import { describe, expect, it } from 'vitest';
import { replacementsFor, replacementsIn } from './replacements.ts';

describe('replacements', () => {
  it.each([
    [`replace "Acme" with "Globex"`, [{ find: 'Acme', replace: 'Globex' }]],
    [`replace 'section' with 'chapter' everywhere`, [{ find: 'section', replace: 'chapter' }]],
    [`change every “draft” to “final”, and replace 'Q3' with 'Q4'`, [{ find: 'draft', replace: 'final' }, { find: 'Q3', replace: 'Q4' }]],
    ['Replace Acme Corp with Globex Inc throughout the document', [{ find: 'Acme Corp', replace: 'Globex Inc' }]],
    ['change all mentions of 2025 to 2026 everywhere', [{ find: '2025', replace: '2026' }]],
    [`replace "TBD" with ""`, [{ find: 'TBD', replace: '' }]],
  ])('%s', (text, expected) => {
    expect(replacementsIn(text)).toEqual(expected);
  });

  it.each([
    'change the Risks section to Open risks',
    'rename the Costs tab to Expenses',
    'replace the chart with a table',
    'change the title to Quarterly Review',
  ])('none in "%s"', (text) => {
    expect(replacementsIn(text)).toEqual([]);
  });

  it('replaces the text as written and, written in lower case, its capitalised form; only what occurs', () => {
    expect(replacementsFor({ find: 'draft', replace: 'final' }, 'Draft budget: the draft is due')).toEqual([{ find: 'draft', replace: 'final' }, { find: 'Draft', replace: 'Final' }]);
    expect(replacementsFor({ find: 'Acme', replace: 'Globex' }, 'ACME and acme')).toEqual([]);
  });
});
