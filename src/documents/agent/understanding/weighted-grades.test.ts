import { describe, expect, it } from 'vitest';
import { weightedGradesIn } from './weighted-grades.ts';

describe('a grade made of weighted parts', () => {
  it('is each part with its weight', () => {
    expect(weightedGradesIn('grade calculator: homework 20%, midterm 30%, final 50%')?.parts).toEqual([{ label: 'Homework', weight: 0.2 }, { label: 'Midterm', weight: 0.3 }, { label: 'Final', weight: 0.5 }]);
    expect(weightedGradesIn('what grade do I need? quizzes 15%, labs 25%, midterm 25%, final exam 35%')?.parts.map((p) => p.label)).toEqual(['Quizzes', 'Labs', 'Midterm', 'Final exam']);
    expect(weightedGradesIn('weighted grade: 40% for the essay and 60% for the exam')?.parts).toEqual([{ label: 'Essay', weight: 0.4 }, { label: 'Exam', weight: 0.6 }]);
  });

  it('is not a budget, a grade book, one part, or parts over 100%', () => {
    expect(weightedGradesIn('wedding budget: total 25k, venue 40%, catering 30%')).toBeNull();
    expect(weightedGradesIn('grade book for 5 students: homework 20%, final 80%')).toBeNull();
    expect(weightedGradesIn('my grade: the final is 50%')).toBeNull();
    expect(weightedGradesIn('grade calculator: homework 60%, final 60%')).toBeNull();
  });
});
