// Things compared that the request counts but does not name: a numbered row for each, a column per
// criterion; and trackers asked for with "track ...".
import { describe, expect, it } from 'vitest';
import { countedComparisonIn } from './counted-comparison.ts';
import { kindOf, labelOf, understand } from './understand.ts';

describe('a comparison of counted things', () => {
  it('has a numbered row for each and a column per criterion', () => {
    expect(countedComparisonIn('make a spreadsheet comparing 3 apartments: rent, size, commute time')).toEqual({ per: 'Apartment', items: ['Apartment 1', 'Apartment 2', 'Apartment 3'], columns: ['Rent', 'Size', 'Commute time'] });
    expect(countedComparisonIn('compare two job offers on salary, commute and benefits')).toEqual({ per: 'Job offer', items: ['Job offer 1', 'Job offer 2'], columns: ['Salary', 'Commute', 'Benefits'] });
    expect(countedComparisonIn('comparing 4 cities by cost of living, weather and jobs')?.items).toEqual(['City 1', 'City 2', 'City 3', 'City 4']);
  });

  it('reads nothing where the things are named, are periods, or are compared on one thing', () => {
    expect(countedComparisonIn('compare AWS, Azure and GCP on price, support and regions')).toBeNull();
    expect(countedComparisonIn('compare 3 months of sales: January, February, March')).toBeNull();
    expect(countedComparisonIn('compare 3 laptops on price')).toBeNull();
  });

  it('is the rows and columns of the reading, with no parts or specifics of its own', () => {
    const u = understand('make a spreadsheet comparing 3 apartments: rent, size, commute time');
    expect(u.rowsPer).toEqual({ per: 'Apartment', items: ['Apartment 1', 'Apartment 2', 'Apartment 3'] });
    expect(u.columns).toEqual(['Rent', 'Size', 'Commute time']);
    expect(u.items).toEqual([]);
    expect(u.specifics).toEqual([]);
  });
});

describe('kinds named by their first words', () => {
  it('"track ..." asks for a tracker of what follows; a thank-you note is a letter', () => {
    expect(kindOf('track donations for our fundraiser')).toBe('tracker');
    expect(labelOf('Track these invoices', 'tracker')).toBe('Invoices');
    expect(kindOf('a spreadsheet to track my job applications')).toBe('tracker');
    expect(kindOf('thank you note to a client for their referral')).toBe('letter');
    expect(kindOf('write a thank-you email to the team for shipping the release')).toBe('letter');
    // (Not "track down" or "track record".)
    expect(kindOf('track down the missing invoices and write a memo')).toBe('memo');
  });
});
