// A grade made of weighted parts that a request describes ("grade calculator: homework 20%, midterm 30%,
// final 50%", "what do I need on the final? quizzes 15%, labs 25%, midterm 25%, final exam 35%"): each
// part with its weight. Only a request about a grade with at least two parts given as percentages
// (together at most 100%) is read as one. English only.

export interface WeightedGrades {
  parts: { label: string; weight: number }[];
}

const GRADE = /\b(?:grades?|grading|final\s+mark|weighted\s+(?:score|average|mark)|course\s+mark|gpa)\b/i;
// (A grade book of students and assessments is another calculator: gradebook.ts.)
const GRADEBOOK = /\b(?:grade\s?book|students?)\b/i;
const PART = /(?:^|[,;:?!.]\s*|\band\s+)(?:(\d{1,2}(?:\.\d+)?)\s?%\s+(?:(?:for|on)\s+)?(?:the\s+)?([a-z][\w &'/-]{1,30}?)|(?:the\s+)?([a-z][\w &'/-]{1,30}?)\s*(?::|=|\s|\s+is\s+(?:worth\s+)?)\s*(\d{1,2}(?:\.\d+)?)\s?%)(?=\s*(?:[,;.)]|\band\b|$))/gi;
const cap = (s: string) => s.trim().replace(/^\w/, (c) => c.toUpperCase());

export function weightedGradesIn(prompt: string): WeightedGrades | null {
  const text = prompt.replace(/\s+/g, ' ');
  if (!GRADE.test(text) || GRADEBOOK.test(text)) return null;
  const parts = [...text.matchAll(PART)].map((m) => ({ label: cap(m[2] ?? m[3]), weight: Number(m[1] ?? m[4]) / 100 }))
    .filter((p) => !/^(?:grade|my grade|current grade|total|pass|passing)$/i.test(p.label));
  if (parts.length < 2 || new Set(parts.map((p) => p.label.toLowerCase())).size < parts.length) return null;
  const sum = parts.reduce((s, p) => s + p.weight, 0);
  return sum <= 1 + 1e-9 ? { parts } : null;
}
