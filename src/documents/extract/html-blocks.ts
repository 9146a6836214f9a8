// Block structure of the simple HTML that mammoth writes for a Word document: headings, paragraphs,
// list items and tables, in document order. mammoth's output has no attributes that matter here and
// no nesting beyond lists and tables, so a tokenizer over the tags is enough (no DOM needed).

export type HtmlBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; rows: string[][] };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '')).replace(/[ \t]+/g, ' ').trim();
}

function tableRows(html: string): string[][] {
  const rows: string[][] = [];
  for (const tr of html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    rows.push([...tr[1].matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((td) => htmlText(td[1])));
  }
  return rows;
}

export function htmlBlocks(html: string): HtmlBlock[] {
  const out: HtmlBlock[] = [];
  const re = /<(h[1-6]|p|li|table)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (const m of html.matchAll(re)) {
    const tag = m[1].toLowerCase();
    if (tag === 'table') {
      const rows = tableRows(m[2]);
      if (rows.length) out.push({ kind: 'table', rows });
      continue;
    }
    const text = htmlText(m[2]);
    if (!text) continue;
    out.push(tag[0] === 'h' ? { kind: 'heading', level: Number(tag[1]), text } : { kind: 'paragraph', text });
  }
  return out;
}

/** The text of any HTML page: scripts and styles dropped, block ends as paragraph breaks, tags removed. */
export function htmlToText(html: string): string {
  const blocks = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-6]|li|tr|table|section|article|header|footer|blockquote|pre)>/gi, '\n\n');
  return decodeEntities(blocks.replace(/<[^>]+>/g, ' ')).replace(/[ \t]+/g, ' ');
}
