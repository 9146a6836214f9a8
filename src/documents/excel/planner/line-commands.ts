// Plain commands of a prompt that insert or delete rows and columns: "insert a row after row 3",
// "add two columns before C on the Data sheet", "delete rows 4 to 6", "remove column D". Read literally:
// the numbers and letters the prompt gives, the sheet it names (else the caller's default).
import { columnIndex, columnLetters } from '../a1.ts';

export interface LineCommand {
  tool: 'insert_rows' | 'delete_rows' | 'insert_columns' | 'delete_columns';
  /** A 1-based row number, or a column's letters. */
  at: number | string;
  count: number;
  /** The sheet the prompt named, if any. */
  sheet: string | null;
}

const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const COUNT = '(?:(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d{1,5})\\s+)?(?:new\\s+|empty\\s+|blank\\s+|more\\s+)?';
const SHEET = `(?:\\s+(?:on|in|of|from|to)\\s+(?:the\\s+)?(?:sheet\\s+|tab\\s+)?(["“'‘][^"”'’]+["”'’]|[\\w.-]+(?:\\s+(?!and\\b|then\\b)[\\w.-]+){0,3}?)(?:\\s+(?:sheet|tab))?)?(?=\\s*(?:[.,;]|$|\\band\\b|\\bthen\\b))`;
const unquote = (s: string) => (/^["“'‘]/.test(s.trim()) ? s.trim().replace(/^["“'‘]|["”'’]$/g, '') : s.trim().replace(/\.+$/, '')).trim();
const count = (word: string | undefined) => (word ? NUMBERS[word.toLowerCase()] ?? Number(word) : 1);

const PATTERNS: { re: RegExp; make: (m: RegExpExecArray) => Omit<LineCommand, 'sheet'> | null }[] = [
  {
    re: new RegExp(`\\b(?:insert|add)\\s+${COUNT}rows?\\s+(after|below|under|before|above|at)\\s+row\\s+(\\d{1,7})${SHEET}`, 'gi'),
    make: (m) => ({ tool: 'insert_rows', at: Number(m[3]) + (/after|below|under/i.test(m[2]) ? 1 : 0), count: count(m[1]) }),
  },
  {
    re: new RegExp(`\\b(?:insert|add)\\s+${COUNT}columns?\\s+(after|right of|to the right of|before|left of|to the left of|at)\\s+(?:column\\s+)?([A-Za-z]{1,3})\\b${SHEET}`, 'gi'),
    make: (m) => ({ tool: 'insert_columns', at: columnLetters(columnIndex(m[3]) + (/after|right/i.test(m[2]) ? 1 : 0)), count: count(m[1]) }),
  },
  {
    re: new RegExp(`\\b(?:delete|remove)\\s+(?:the\\s+)?rows?\\s+(\\d{1,7})(?:\\s*(?:-|–|to|through|and)\\s*(\\d{1,7}))?${SHEET}`, 'gi'),
    make: (m) => {
      const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
      return b < a ? null : { tool: 'delete_rows', at: a, count: b - a + 1 };
    },
  },
  {
    re: new RegExp(`\\b(?:delete|remove)\\s+(?:the\\s+)?columns?\\s+([A-Za-z]{1,3})(?:\\s*(?:-|–|:|to|through|and)\\s*([A-Za-z]{1,3}))?\\b${SHEET}`, 'gi'),
    make: (m) => {
      const [a, b] = [columnIndex(m[1]), columnIndex(m[2] ?? m[1])];
      return b < a ? null : { tool: 'delete_columns', at: m[1].toUpperCase(), count: b - a + 1 };
    },
  },
];

/** The commands in the order the prompt gives them, and the prompt without them (for the other readers). */
export function lineCommands(prompt: string): { commands: LineCommand[]; rest: string } {
  const found: { index: number; end: number; command: LineCommand }[] = [];
  for (const { re, make } of PATTERNS) {
    for (const m of prompt.matchAll(re)) {
      const sheetGroup = m[m.length - 1];
      const made = make(m as RegExpExecArray);
      if (made) found.push({ index: m.index!, end: m.index! + m[0].length, command: { ...made, sheet: sheetGroup ? unquote(sheetGroup) : null } });
    }
  }
  found.sort((a, b) => a.index - b.index);
  let rest = prompt;
  for (const f of [...found].reverse()) rest = `${rest.slice(0, f.index)} ${rest.slice(f.end)}`;
  return { commands: found.map((f) => f.command), rest };
}
