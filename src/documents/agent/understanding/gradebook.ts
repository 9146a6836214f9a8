// A grade book a request describes ("grade book for 5 students with 3 assignments each", "gradebook for
// my class of 24 students, 4 tests and a final exam"): how many students, and the assessments in order
// (numbered ones of a kind, then named ones such as a midterm or a final exam). Counts the request does
// not give get a small default the summary names (students 10, assessments 3).

export interface Gradebook {
  students: number;
  /** Whether the student count was given (else the default). */
  studentsGiven: boolean;
  /** Column headers of the assessments, in order: "Assignment 1", ..., "Final exam". */
  assessments: string[];
  assessmentsGiven: boolean;
}

const GRADEBOOK = /\b(?:grade\s?book|grades?\s+(?:tracker|sheet|spreadsheet|book|log)|marks?\s+(?:sheet|book|tracker)|student\s+grades|class\s+grades)\b/i;
const WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, twenty: 20, thirty: 30 };
const COUNT = String.raw`(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty)`;
const KIND: [RegExp, string][] = [
  [/assignments?|homeworks?|hw/i, 'Assignment'], [/tests?/i, 'Test'], [/quiz(?:zes)?/i, 'Quiz'], [/exams?/i, 'Exam'],
  [/essays?/i, 'Essay'], [/projects?/i, 'Project'], [/labs?/i, 'Lab'], [/papers?/i, 'Paper'],
];
const count = (raw: string) => WORDS[raw.toLowerCase()] ?? Number(raw);

export function gradebookIn(prompt: string): Gradebook | null {
  if (!GRADEBOOK.test(prompt)) return null;
  const students = new RegExp(String.raw`\b${COUNT}\s+(?:students|pupils|kids|learners|children)\b`, 'i').exec(prompt);
  const assessments: string[] = [];
  for (const m of prompt.matchAll(new RegExp(String.raw`\b${COUNT}\s+(assignments?|homeworks?|tests?|quiz(?:zes)?|exams?|essays?|projects?|labs?|papers?)\b`, 'gi'))) {
    const n = count(m[1]);
    const name = KIND.find(([re]) => re.test(m[2]))![1];
    if (n >= 1 && n <= 30) for (let i = 1; i <= n; i++) assessments.push(n === 1 ? name : `${name} ${i}`);
  }
  for (const m of prompt.matchAll(/\b(?:a|an|the|one)\s+(midterm|final(?:\s+exam)?|final\s+project|mid-term(?:\s+exam)?)\b/gi)) {
    const name = m[1].toLowerCase().replace(/^mid-?term.*/, 'Midterm').replace(/^final$/, 'Final exam');
    assessments.push(name[0].toUpperCase() + name.slice(1));
  }
  const n = students ? count(students[1]) : 10;
  if (n < 1 || n > 200) return null;
  return {
    students: n, studentsGiven: Boolean(students),
    assessments: assessments.length ? assessments.slice(0, 30) : ['Assignment 1', 'Assignment 2', 'Assignment 3'],
    assessmentsGiven: assessments.length > 0,
  };
}
