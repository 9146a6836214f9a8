import { describe, expect, it } from 'vitest';
import { allocationIn } from './allocation.ts';
import { lineItemsIn } from './line-items.ts';
import { ratedCostsIn } from './rated-costs.ts';
import { recordsIn } from './records.ts';
import { scheduleOf } from './schedule.ts';
import { seriesIn } from './series.ts';

describe('lists as people type them', () => {
  it('reads a list of amounts where some are a quantity at a price as invoice lines, in order', () => {
    const t = lineItemsIn('expense report for my trip to Chicago: flight $420, hotel 3 nights at $189, uber $63.40, meals $112')!;
    expect(t.rows).toEqual([['Flight', 1, 420], ['Hotel nights', 3, 189], ['Uber', 1, 63.4], ['Meals', 1, 112]]);
    expect(lineItemsIn('quote: 3 chairs at $120 and a desk for $450')!.rows).toEqual([['Chairs', 3, 120], ['Desk', 1, 450]]);
    // Line items alone, as before; the unit price does not take the comma after it.
    expect(lineItemsIn('Inventory: 12 laptops at $899, 30 monitors at $189')!.rows).toEqual([['Laptops', 12, 899], ['Monitors', 30, 189]]);
    // Terms after the lines end the list; an item between lines that is neither keeps the list from being read as one.
    expect(lineItemsIn('simple invoice for Acme Corp: 3 hours of design at $120/hr, logo $500, due in 30 days')).toMatchObject({ rows: [['Hours of design', 3, 120], ['Logo', 1, 500]], source: '3 hours of design at $120/hr, logo $500' });
    expect(lineItemsIn('trip: flight $420, a lot of walking, hotel 3 nights at $189')!.rows).toEqual([['Nights', 3, 189]]);
  });

  it('reads a total shared out by percentages, with the part that takes the rest', () => {
    expect(allocationIn('wedding budget: total 25k, venue 40%, catering 30%, photography 10%, rest misc')).toEqual({
      what: 'Wedding budget', total: 25000, totalLabel: null, currency: null,
      parts: [{ label: 'Venue', share: 0.4 }, { label: 'Catering', share: 0.3 }, { label: 'Photography', share: 0.1 }, { label: 'Misc', share: null }],
    });
    expect(allocationIn('marketing budget of $50,000: 50% ads, 30% events, the remainder for content')).toMatchObject({ total: 50000, currency: 'USD', parts: [{ label: 'Ads' }, { label: 'Events' }, { label: 'Content', share: null }] });
    expect(allocationIn('budget: rent 40%, food 20%, savings 20%, fun gets the rest')).toMatchObject({ total: null, parts: [{}, {}, {}, { label: 'Fun', share: null }] });
    expect(allocationIn('50/30/20 budget, income $4,800: needs 50%, wants 30%, savings 20%')).toMatchObject({ total: 4800, totalLabel: 'Income', parts: [{ label: 'Needs', share: 0.5 }, { label: 'Wants', share: 0.3 }, { label: 'Savings', share: 0.2 }] });
    // Shares of more than the whole, rates and changes are not an allocation.
    expect(allocationIn('budget: rent 60%, food 50%')).toBeNull();
    expect(allocationIn('sales commission calculator, 5% on the first 10k and 8% above that')).toBeNull();
    expect(allocationIn('revenue up 12%, churn down to 3%')).toBeNull();
  });

  it('reads several figures per label as columns headed by the periods the request names', () => {
    expect(seriesIn('Q1-Q4 sales: North 120 140 160 180, South 90 95 100 110')).toMatchObject({
      header: ['Item', 'Q1', 'Q2', 'Q3', 'Q4'], rows: [['North', 120, 140, 160, 180], ['South', 90, 95, 100, 110]], name: 'Sales',
    });
    expect(seriesIn('monthly signups Jan-Apr: web 120/150/170/210, app 80/95/99/130')?.header).toEqual(['Item', 'Jan', 'Feb', 'Mar', 'Apr']);
    expect(seriesIn('revenue by region 2022-2024: EMEA $1.2M $1.5M $1.9M; APAC $0.8M $1.1M $1.3M')).toMatchObject({ header: ['Region', '2022', '2023', '2024'], formats: ['text', 'currency', 'currency', 'currency'] });
    expect(seriesIn('scores: Ann 3 4, Bob 5 6 7')).toBeNull();
    expect(seriesIn('sales: North 120, South 80')).toBeNull();
  });
});

describe('a schedule', () => {
  it('reads items that all start with a time as entries of a schedule', () => {
    expect(scheduleOf(['9am welcome', '10:30 strategy review', '12pm - lunch'])).toEqual([{ time: '9am', what: 'Welcome' }, { time: '10:30', what: 'Strategy review' }, { time: '12pm', what: 'Lunch' }]);
    expect(scheduleOf(['9am welcome', 'strategy review'])).toBeNull();
    expect(scheduleOf(['9am welcome'])).toBeNull();
  });

  it('reads costs at a rate with the counts they multiply, and nothing that is not one', () => {
    expect(ratedCostsIn('budget for our Lisbon trip: 4 people, 5 nights, hotel €180 a night, food €60 a day each, flights €220 each, car rental €45 a day')).toEqual({
      costs: [
        { label: 'Hotel', price: 180, per: ['night'], own: {} }, { label: 'Food', price: 60, per: ['day', 'person'], own: {} },
        { label: 'Flights', price: 220, per: ['person'], own: {} }, { label: 'Car rental', price: 45, per: ['day'], own: {} },
      ],
      currency: 'EUR', counts: { people: 4, nights: 5, days: 5 }, derived: { days: 'nights' },
    });
    // Counts inside the request's own words ("for 2 people, a week in Rome"); "and" joins a label, not two costs.
    expect(ratedCostsIn('trip budget for 2 people, a week in Rome: flights $450 each, airbnb $120 per night, food and drinks $70 per person per day')).toMatchObject({
      costs: [{ label: 'Flights', per: ['person'] }, { label: 'Airbnb', per: ['night'] }, { label: 'Food and drinks', price: 70, per: ['person', 'day'] }],
      counts: { people: 2, days: 7, nights: 7 },
    });
    // A cost once, and a count of its own.
    expect(ratedCostsIn('ski trip: 3 days, lift tickets $120 per day, rentals $45/day for 2 days, gas $80')!.costs).toEqual([
      { label: 'Lift tickets', price: 120, per: ['day'], own: {} }, { label: 'Rentals', price: 45, per: ['day'], own: { day: 2 } }, { label: 'Gas', price: 80, per: [], own: {} },
    ]);
    // A rate whose count the request does not give, only counts of their own (line items), a price list, percentages.
    expect(ratedCostsIn('price list: haircut $30 each, coloring $80 each')).toBeNull();
    expect(ratedCostsIn('flight $420, hotel 3 nights at $189, uber $63.40')).toBeNull();
    expect(ratedCostsIn('wedding budget: total 25k, venue 40%, catering 30%')).toBeNull();
    expect(ratedCostsIn('4 people: hotel $100 a night, food $50 a day each')).toBeNull();
    // A cost that does not read as one keeps the list from being read at all.
    expect(ratedCostsIn('2 people, 3 nights: hotel $100 a night, food $50 a day each, tours $40 every other day')).toBeNull();
  });

  it('reads records typed in a line: works with who made them, things with their specs, each item the same shape', () => {
    expect(recordsIn('reading list: Dune by Frank Herbert, Project Hail Mary by Andy Weir, Educated by Tara Westover')).toMatchObject({
      header: ['Title', 'Author'], rows: [['Dune', 'Frank Herbert'], ['Project Hail Mary', 'Andy Weir'], ['Educated', 'Tara Westover']], name: 'Books',
    });
    // A unit names its column, with what the request calls it; the kinds line up whatever an item calls them.
    expect(recordsIn('compare 3 laptops: MacBook Air $1099 13h battery 1.24kg, Dell XPS 13 $999 12h 1.19kg, ThinkPad X1 $1399 15h 1.12kg')).toMatchObject({
      header: ['Laptop', 'Price', 'Battery (h)', 'Weight (kg)'], rows: [['MacBook Air', 1099, 13, 1.24], ['Dell XPS 13', 999, 12, 1.19], ['ThinkPad X1', 1399, 15, 1.12]],
      formats: ['text', 'currency', 'integer', 'number'], name: 'Laptops', totals: false,
    });
    expect(recordsIn('phones: iPhone 16 $799 6.1" 48MP, Pixel 9 $699 6.3" 50MP')?.header).toEqual(['Phone', 'Price', 'Screen (in)', 'Camera (MP)']);
    // A log by weekday: the day and what was done apart; in a log of workouts "5k" is a distance.
    expect(recordsIn('weekly workout log: monday run 5k 28 min, wednesday bike 20k 45 min, friday swim 1k 30 min')).toMatchObject({
      header: ['Day', 'Activity', 'Distance (km)', 'Minutes'], rows: [['Monday', 'Run', 5, 28], ['Wednesday', 'Bike', 20, 45], ['Friday', 'Swim', 1, 30]],
    });
    // Things and how much there is of each: a unit column, and no total when the units differ.
    expect(recordsIn('inventory list for my bakery: flour 20 kg, sugar 10 kg, butter 5 kg, eggs 120')).toMatchObject({
      header: ['Item', 'Quantity', 'Unit'], rows: [['Flour', 20, 'kg'], ['Sugar', 10, 'kg'], ['Butter', 5, 'kg'], ['Eggs', 120, null]], totals: false,
    });
    expect(recordsIn('stock: flour 20 kg, sugar 10 kg')).not.toHaveProperty('totals');
    // (Plain counts with no unit at all are label/value pairs, read elsewhere.)
    expect(recordsIn('headcount: engineering 12, sales 8')).toBeNull();
    // Not records: a price alone (label/value pairs), line items, facts, items of different shapes.
    for (const p of ['rent $1200, food $400', 'flight $420, hotel 3 nights at $189, uber $63.40', 'served 12,000 families, opened a second pantry, 85 volunteers', 'laptops: MacBook Air $1099 13h, Dell XPS $999 1.19kg', 'Dune by Frank Herbert, a good novel']) expect(recordsIn(p)).toBeNull();
  });
});
