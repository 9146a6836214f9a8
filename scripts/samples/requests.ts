// The typed-request half of the gallery: requests a user could type, one line each, sent to the API as
// they are (POST /{format}/generate on the embedded default, builtin engine), plus the gallery's
// prompt-only samples of scripts/samples/<format>.ts, which go through the API too (their data
// sources inline, their images and files uploaded first).
import type { Format } from '../../src/config.ts';

export interface TypedRequest {
  name: string;
  format: Format;
  prompt: string;
}

export const ONE_LINE_REQUESTS: TypedRequest[] = [
  { name: 'typed-word-memo', format: 'word', prompt: 'A one-page memo to all staff announcing that the office moves to Berlin on 1 March 2027' },
  { name: 'typed-word-report', format: 'word', prompt: 'Write a project status report for the website redesign covering progress, risks, budget and next steps' },
  { name: 'typed-excel-mortgage', format: 'excel', prompt: 'A repayment schedule for a $300,000 mortgage at 6.5% over 30 years, monthly payments' },
  { name: 'typed-excel-budget', format: 'excel', prompt: 'A monthly household budget with income, rent, groceries, transport and savings' },
  { name: 'typed-slides-pitch', format: 'slides', prompt: 'A pitch deck for a coffee subscription startup' },
  { name: 'typed-slides-onboarding', format: 'slides', prompt: 'Make a short onboarding deck for new engineers covering tools, code review, on-call and who to ask' },
];
