import { describe, expect, it } from 'vitest';
import { gradebookIn } from './gradebook.ts';
import { savingsIn } from './savings.ts';
import { splitIn } from './split.ts';
import { tiersIn } from './tiers.ts';

describe('tiered rates in a request', () => {
  it('reads each tier in order, with the amount and currency when given', () => {
    expect(tiersIn('sales commission calculator, 5% on the first 10k and 8% above that')).toEqual({
      tiers: [{ upTo: 10000, rate: 0.05 }, { upTo: null, rate: 0.08 }], amount: null, currency: null, input: 'Sales', result: 'Commission', named: [],
    });
    // Amounts of named people, each a row.
    expect(tiersIn('sales commission: 5% up to $50k, 7% above, for Ana $62,000, Ben $48,500 and Cara $71,200')).toMatchObject({
      tiers: [{ upTo: 50000, rate: 0.05 }, { upTo: null, rate: 0.07 }], currency: 'USD', named: [{ name: 'Ana', amount: 62000 }, { name: 'Ben', amount: 48500 }, { name: 'Cara', amount: 71200 }],
    });
    expect(tiersIn('sales commission calculator, 5% on the first 10k and 8% above that')?.named).toEqual([]);
    expect(tiersIn('tax brackets: 10% up to 11,000, 12% up to 44,725, 22% above')?.tiers).toEqual([{ upTo: 11000, rate: 0.1 }, { upTo: 44725, rate: 0.12 }, { upTo: null, rate: 0.22 }]);
    expect(tiersIn('commission: 3% up to $50,000, 5% from 50,000 to 100,000, 7% over 100,000. Sales of $182,500')).toMatchObject({
      tiers: [{ upTo: 50000, rate: 0.03 }, { upTo: 100000, rate: 0.05 }, { upTo: null, rate: 0.07 }], amount: 182500, currency: 'USD',
    });
    expect(tiersIn('royalty calculator: 10% on the first 5,000 and 12.5% after that, on revenue of $42,000')).toMatchObject({ result: 'Royalties', amount: 42000, tiers: [{ upTo: 5000, rate: 0.1 }, { upTo: null, rate: 0.125 }] });
  });

  it('does not read figures that are not tiers as tiers', () => {
    expect(tiersIn('growth was 5% and churn 3%')).toBeNull();
    expect(tiersIn('tax calculator with 20% VAT')).toBeNull();
    expect(tiersIn('commission report: Q1 5%, Q2 8%')).toBeNull();
    // Bounds that do not rise are not tiers.
    expect(tiersIn('commission of 5% up to 20,000 and 8% up to 10,000')).toBeNull();
  });
});

describe('a cost split in a request', () => {
  it('reads what is split, between how many, the amount, a tip and the basis', () => {
    expect(splitIn('rent split calculator for 3 roommates, rent is 2400, rooms are different sizes')).toEqual({ what: 'Rent', people: 3, person: 'Roommate', amount: 2400, currency: null, tip: null, basis: 'room size', fixed: [] });
    expect(splitIn('split a $180 dinner bill between 4 people with an 18% tip')).toEqual({ what: 'Bill', people: 4, person: 'Person', amount: 180, currency: 'USD', tip: 0.18, basis: 'equal', fixed: [] });
    expect(splitIn('divide the utilities among 5 housemates by income')).toMatchObject({ what: 'Utilities', people: 5, basis: 'income', amount: null });
  });

  it('reads the shares named people pay; the others share the rest', () => {
    expect(splitIn('I need a spreadsheet to split the rent between 3 roommates, rent is 2400, Sam has the big room and pays 40%')).toMatchObject({ people: 3, amount: 2400, basis: 'equal', fixed: [{ name: 'Sam', share: 0.4 }] });
    expect(splitIn("split a $300 dinner bill between 4 friends, Ana pays 40% and Ben's share is 30%")?.fixed).toEqual([{ name: 'Ana', share: 0.4 }, { name: 'Ben', share: 0.3 }]);
    // Not a tip, not shares that leave nothing to the others.
    expect(splitIn('split a $180 dinner bill between 4 people with an 18% tip')?.fixed).toEqual([]);
    expect(splitIn('split the rent between 2 roommates, Sam pays 60% and Ana pays 40%')?.fixed).toEqual([]);
  });

  it('reads a named share given as what the person pays, as a share of the amount', () => {
    expect(splitIn('split the rent between 3 roommates, rent is 2400, Sam has the big room and pays 900')).toMatchObject({ amount: 2400, fixed: [{ name: 'Sam', share: 0.375, amount: 900 }] });
    // (What one pays is not the amount split, wherever it stands.)
    expect(splitIn('split the rent between 3 roommates, Sam pays 900 of the 2400 rent')).toMatchObject({ amount: 2400, fixed: [{ name: 'Sam', amount: 900 }] });
    expect(splitIn('split a $300 dinner bill between 4 friends, Ana pays $120 and Ben pays 40%')?.fixed).toEqual([{ name: 'Ana', share: 0.4, amount: 120 }, { name: 'Ben', share: 0.4 }]);
    // Not more than the whole, and not without an amount to take it from.
    expect(splitIn('split the 1,800 rent between me and 2 flatmates, Tom pays 2,000')?.fixed).toEqual([]);
    expect(splitIn('split the rent between 3 roommates, Sam pays 900')).toMatchObject({ amount: null, fixed: [] });
  });

  it('counts the writer when they are one of those sharing', () => {
    expect(splitIn('spreadsheet to split rent between me and 2 roommates, $3,150 a month, by room size')).toMatchObject({ people: 3, amount: 3150, basis: 'room size' });
    expect(splitIn('split the groceries with my 2 flatmates')).toMatchObject({ people: 3, person: 'Flatmate' });
    expect(splitIn('share the trip costs between my 3 friends and me')).toMatchObject({ people: 4, what: 'Trip costs' });
  });

  it('does not read other requests as a split', () => {
    expect(splitIn('we need 5 engineers to share the load')).toBeNull();
    expect(splitIn('split the sales data by region')).toBeNull();
    expect(splitIn('a spreadsheet to track shared expenses with my 2 roommates')).toBeNull();
  });
});

describe('a grade book in a request', () => {
  it('reads the students and the assessments in order, and says when it used defaults', () => {
    expect(gradebookIn('grade book for 5 students with 3 assignments each')).toEqual({ students: 5, studentsGiven: true, assessments: ['Assignment 1', 'Assignment 2', 'Assignment 3'], assessmentsGiven: true });
    expect(gradebookIn('gradebook for my class of 24 students, 4 tests and a final exam')?.assessments).toEqual(['Test 1', 'Test 2', 'Test 3', 'Test 4', 'Final exam']);
    expect(gradebookIn('a grades spreadsheet with two quizzes and a midterm')).toMatchObject({ students: 10, studentsGiven: false, assessments: ['Quiz 1', 'Quiz 2', 'Midterm'] });
    expect(gradebookIn('a report on student grades for 5 classes')?.assessmentsGiven).toBe(false);
    expect(gradebookIn('a tracker for 5 students')).toBeNull();
  });
});

describe('a savings goal in a request', () => {
  it('reads the goal, the months, what is already saved and the interest', () => {
    expect(savingsIn('savings plan: I want to save $10,000 in 12 months, I already have $1,500')).toEqual({ goal: 10000, currency: 'USD', months: 12, saved: 1500, rate: 0, purpose: null });
    expect(savingsIn('help me save for a trip to Japan, I need $6,000 in 18 months at 3% interest')).toMatchObject({ goal: 6000, months: 18, saved: 0, rate: 0.03, purpose: 'trip to Japan' });
    expect(savingsIn('emergency fund savings tracker, goal $15k over 2 years, starting with $2,000')).toMatchObject({ goal: 15000, months: 24, saved: 2000, purpose: 'emergency fund' });
    // A month to reach the goal by counts from the day of the request: the next August, or the month of the year given.
    const now = new Date(Date.UTC(2026, 10, 28));
    expect(savingsIn('savings tracker for a vacation, goal 3000 by August', now)).toMatchObject({ goal: 3000, months: 9, purpose: 'vacation' });
    expect(savingsIn('save $5,000 for a car by June 2027', now)).toMatchObject({ goal: 5000, currency: 'USD', months: 7 });
    expect(savingsIn('savings goal of $1,200 by December', now)).toMatchObject({ goal: 1200, months: 1 });
    expect(savingsIn('savings goal of $1,200 by November 2026', now)).toBeNull(); // already past
    expect(savingsIn('savings goal: 3000 by next week', now)).toBeNull();
    // No goal amount or no time: not a plan to compute.
    expect(savingsIn('savings plan for my team offsite')).toBeNull();
    expect(savingsIn('budget: save 20% of income')).toBeNull();
  });
});
