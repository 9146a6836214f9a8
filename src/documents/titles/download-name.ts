// The names a generated document is saved under, both derived from its title:
//   - the download name (the run's `file_name`, Content-Disposition's ASCII `filename`): a short slug,
//     "repayment-schedule-for-300000-mortgage-at-6.5pct-over-30.xlsx": lower case, words joined by
//     hyphens, accents folded to ASCII, no `$`, `%` or `,` (amounts lose their symbols and separators,
//     "%" becomes "pct"), articles left out, at most 60 characters with the extension, cut between words;
//   - the display name (Content-Disposition's `filename*`): the full title with the extension, with only
//     the characters no file system accepts replaced ("Repayment Schedule for a $300,000 Mortgage ...").
// The same rules apply whoever wrote the title: the builtin engine's rules or a model.

export const MAX_DOWNLOAD_NAME = 60;
const MAX_DISPLAY_NAME = 200;

const ARTICLES = new Set(['a', 'an', 'the']);
const SMALL_END = new Set('a an the and or of for to at in on by with from over per via vs und oder für mit von zu y o de del para con et ou pour sur avec'.split(' '));
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th', ð: 'd', ı: 'i' };

/** Letters folded to ASCII where they have a plain form ("Übersicht" -> "ubersicht"); other scripts stay. */
export function foldToAscii(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[ßæœøłđþðı]/gi, (c) => {
    const f = FOLD[c.toLowerCase()] ?? c;
    return c === c.toLowerCase() ? f : f.toUpperCase();
  });
}

/** The words of a slug: numbers keep their decimal point, amounts lose symbols and separators. */
function slugWords(title: string): string[] {
  const text = foldToAscii(title.normalize('NFKC'))
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d)\s*%/g, '$1pct')
    .replace(/%/g, ' pct ')
    .replace(/&/g, ' and ')
    .replace(/@/g, ' at ')
    .replace(/https?:\/\//gi, ' ')
    .toLowerCase();
  const tokens = text.match(/[\p{L}\p{N}]+(?:\.[\p{N}]+)*(?:pct)?/gu) ?? [];
  return tokens.map((t) => t.replace(/\.+$/, '')).filter((t) => t && !ARTICLES.has(t));
}

/** A slug of the title, at most `max` characters, cut between words; '' when the title has no letters or digits. */
export function titleSlug(title: string, max = MAX_DOWNLOAD_NAME): string {
  const words = slugWords(title);
  const out: string[] = [];
  for (const w of words) {
    const next = [...out, w].join('-');
    if (next.length > max) break;
    out.push(w);
  }
  if (!out.length && words.length) return words[0].slice(0, max);
  while (out.length > 1 && out.length < words.length && SMALL_END.has(out[out.length - 1])) out.pop();
  return out.join('-');
}

/** The download name: the title's slug and the extension, at most 60 characters; `<label>-document.<ext>` without a title. */
export function downloadName(title: string | null, extension: string, label: string): string {
  const stem = titleSlug(title ?? '', MAX_DOWNLOAD_NAME - extension.length - 1) || `${label.toLowerCase()}-document`;
  return `${stem}.${extension}`;
}

/** The full title as a file name for `filename*`: characters no file system accepts replaced, the extension added. */
export function displayName(title: string, extension: string): string | null {
  const stem = title.normalize('NFC')
    .replace(/\s*:\s+/g, ' - ')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, MAX_DISPLAY_NAME - extension.length - 1)
    .trim();
  return stem ? `${stem}.${extension}` : null;
}

/**
 * The ASCII `filename` of a Content-Disposition header for any name: the name itself when it is short
 * printable ASCII without quotes, backslashes, `$`, `%` or `,`; else the slug of its stem.
 */
export function asciiFileName(fileName: string): string {
  if (/^[\x20-\x7e]+$/.test(fileName) && !/["\\$%,]/.test(fileName) && fileName.length <= MAX_DOWNLOAD_NAME) return fileName;
  const m = /^(.*?)(\.[A-Za-z0-9]{1,8})?$/.exec(fileName)!;
  const ext = m[2] ?? '';
  const stem = titleSlug(m[1], MAX_DOWNLOAD_NAME - ext.length).replace(/[^\x20-\x7e]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return `${stem || 'download'}${ext}`;
}
