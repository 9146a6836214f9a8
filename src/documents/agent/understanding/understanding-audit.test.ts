// Readings the audit of issue 22 found wrong in requests typed the way users type them: numbers with
// thousands separators in lists, two commands in one sentence, where a moved slide goes, what pairs of
// figures are called, date ranges, topics that name a kind of document, and lists after a colon.
import { describe, expect, it } from 'vitest';
import { editCommands } from './edits.ts';
import { factsIn } from './facts.ts';
import { valuesLabel } from './inline-data.ts';
import { bulletsIn } from './structure.ts';
import { understand } from './understand.ts';

describe('lists', () => {
  it('keep thousands separators inside an item', () => {
    expect(bulletsIn('with bullets: design $12,000, development $30,000, hosting $1,200/yr')?.items).toEqual(['design $12,000', 'development $30,000', 'hosting $1,200/yr']);
  });

  it('keep a parenthesis of an item whole', () => {
    expect(understand("8 slides covering the menu, customers and what she's asking for (£40k)").items).toEqual(['Menu', 'Customers', "What she's asking for (£40k)"]);
  });

  it('drop the word that introduces them ("mit den Themen")', () => {
    expect(understand('Bitte eine Präsentation für das Kick-off-Meeting mit den Themen Ziele, Zeitplan, Budget und Team').items).toEqual(['Ziele', 'Zeitplan', 'Budget', 'Team']);
  });

  it('after a colon name the parts of a deck or an agenda, but not of a dated roadmap', () => {
    expect(understand('Deck on the new CRM rollout: why we switch, training, timeline, support').items).toEqual(['Why we switch', 'Training', 'Timeline', 'Support']);
    expect(understand('Orden del día para la reunión del lunes: revisión de ventas, nuevos clientes').items).toEqual(['Revisión de ventas', 'Nuevos clientes']);
    expect(understand('Product roadmap presentation: beta in March, public launch in June, v2 by Q4 2025').items).toEqual([]);
  });

  it('counted in German dative ("mit drei Blättern: Januar, Februar, März")', () => {
    const u = understand('Arbeitsmappe für das Haushaltsbuch mit drei Blättern: Januar, Februar, März');
    expect(u.counts).toEqual([{ n: 3, unit: 'sheet' }]);
    expect(u.items).toEqual(['Januar', 'Februar', 'März']);
  });
});

describe('the document', () => {
  it('is not a budget because Budget is one of its topics', () => {
    const u = understand('Bitte eine Präsentation für das Kick-off-Meeting mit den Themen Ziele, Zeitplan, Budget und Team');
    expect(u.kind).toBe('deck');
    expect(u.subject).toBe('Kick-off-Meeting');
  });

  it('takes its subject after a bare count, without trailing punctuation', () => {
    expect(understand('5 slides onboarding new sales reps').subject).toBe('onboarding new sales reps');
    expect(understand('quartely sales presentaiton w/ a bar chart of sales by region - North 340, South 290').subject).toBe('sales by region');
  });

  it('"Presentación de la hoja de ruta" names its subject with "de"', () => {
    expect(understand('Presentación de la hoja de ruta del producto: beta en marzo, lanzamiento en junio').subject).toBe('hoja de ruta del producto');
  });

  it('a German "Brief an" is a letter', () => {
    expect(understand('Schreibe einen Brief an Herrn Müller wegen der Lieferung').kind).toBe('letter');
  });

  it('reads dated milestones with accented words', () => {
    expect(understand('Hoja de ruta: beta en marzo, lanzamiento en junio, versión 2 en Q4 2026').milestones.at(-1)).toEqual({ what: 'Versión 2', when: 'Q4 2026' });
  });
});

describe('figures given as pairs', () => {
  it.each([
    ['spreadsheet of our marketing spend split by channel as a pie chart', 'marketing spend'],
    ['Présentation sur nos ventes 2024 avec un graphique en barres', 'ventes 2024'],
    ['Hoja de cálculo con las notas de los alumnos y el promedio', 'notas'],
    ['Make a slide deck with a bar chart of signups by month', 'signups'],
    ['Write up our trip expenses', 'expenses'],
  ])('"%s" names the values %s', (before, label) => {
    expect(valuesLabel(before)).toBe(label);
  });

  it('"split by channel" names the labels', () => {
    expect(understand('spreadsheet of our marketing spend split by channel as a pie chart: Google Ads 4200, LinkedIn 2600').tables[0].header).toEqual(['Channel', 'Marketing spend']);
  });
});

describe('facts and edits', () => {
  it('a date range is one fact', () => {
    expect(factsIn('closing for renovations from 10 March to 24 March, contact us').dates).toEqual(['10 March to 24 March']);
  });

  it('two commands in one sentence, "can u" first', () => {
    expect(editCommands('rename the Sales tab to Revenue and add a new tab named Notes with the text Checked in cell A1').map((c) => [c.op, c.op === 'rename' ? c.to : c.op === 'add' ? c.title : null]))
      .toEqual([['rename', 'Revenue'], ['add', 'Notes']]);
    expect(editCommands('can u add a section called Budget with bullets: design $12,000, hosting $1,200')[0]).toMatchObject({ op: 'add', title: 'Budget', bullets: ['design $12,000', 'hosting $1,200'] });
  });

  it('"so it comes before" says where a slide goes, not which', () => {
    expect(editCommands('move the support slide so it comes before training')[0]).toMatchObject({ op: 'move', target: { phrase: 'support' }, to: { kind: 'before', ref: { phrase: 'training' } } });
  });
});
