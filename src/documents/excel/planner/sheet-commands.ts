// Plain commands of a prompt that name a sheet to add and text to put in cells: "add a new sheet named
// Notes with the text Reviewed in cell A1", "add a forecast tab", "put Checked in Summary!B2". Read
// literally; nothing is guessed beyond the words.

export interface AddSheetCommand {
  name: string;
  /** The prompt gave the name itself ("named Notes"), not a description ("a forecast tab"). */
  explicit: boolean;
}

export interface CellTextCommand {
  text: string;
  cell: string;
  /** The sheet the prompt named with the cell (`Summary!B2`), if any. */
  sheet: string | null;
}

const unquote = (s: string) => s.trim().replace(/^["“'‘]|["”'’]$/g, '').trim();

export function addSheetCommand(prompt: string): AddSheetCommand | null {
  const named = /\b(?:add|create|insert)\s+(?:a |an |another )?(?:new |blank |empty )?(?:sheet|tab|worksheet)\s+(?:named|called|titled)\s+(["“'‘][^"”'’]+["”'’]|[^\s,.;]+(?:\s+(?!with\b|and\b|containing\b|that\b|where\b|holding\b)[^\s,.;]+)*)/i.exec(prompt);
  if (named) return { name: unquote(named[1]).slice(0, 31), explicit: true };
  const described = /\badd (?:a |an |another )?(?:new )?(.+?) (?:sheet|tab)\b/i.exec(prompt);
  if (!described || /^(new|blank|empty)$/i.test(described[1].trim())) return null;
  const name = unquote(described[1]).replace(/^\w/, (c) => c.toUpperCase());
  return name ? { name: name.slice(0, 31), explicit: false } : null;
}

export function cellTextCommands(prompt: string): CellTextCommand[] {
  const out: CellTextCommand[] = [];
  const re = /\b(?:with|containing|holding|put|write|enter|type)\s+(?:the\s+)?(?:text|value|word|label)?\s*(["“'‘][^"”'’]+["”'’]|[^\s"“]+(?:\s+[^\s"“]+){0,8}?)\s+(?:in|into|at)\s+(?:cell\s+)?(?:(['‘][^'’]+['’]|[\w .-]+?)!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})\b/gi;
  for (const m of prompt.matchAll(re)) {
    out.push({ text: unquote(m[1]), cell: `${m[3].toUpperCase()}${m[4]}`, sheet: m[2] ? unquote(m[2]) : null });
  }
  return out;
}
