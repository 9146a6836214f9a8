// Content a request gives under labels of its own, in a line or a sentence each: "Updates: launched the
// beta, fixed 12 bugs, hired a designer. Blockers: waiting on legal review." Each label is a part (a
// slide, a section) holding its items as written. A label counts when it holds several items or is the
// kind that holds a list (updates, wins, risks, next steps, ...): "Budget: $5k" is a fact, not a group.
// Two such labels make a request read this way; one does when it is of that kind.

export interface Group {
  /** The label, capitalised ("Updates"). */
  title: string;
  /** Its items as written, capitalised. */
  items: string[];
}

/** Labels that hold a list of points even when they are the only one. */
const LIST_LABEL = /^(?:(?:key\s+|weekly\s+|team\s+|product\s+)?updates?|highlights?|wins?|blockers?|risks?|issues?|problems?|next\s+steps?|action\s+items?|actions?|decisions?|feedback|results|achievements?|challenges?|lessons(?:\s+learned)?|to-?dos?|asks?|concerns?|open\s+questions|questions|pros|cons|progress|done|doing|in\s+progress|completed|shipped|priorities|learnings?|takeaways?|what\s+went\s+well|what\s+(?:didn'?t|did\s+not)\s+go\s+well|what\s+went\s+wrong|improvements?|kudos|shout-?outs?)$/i;
/** Labels that are not content: the document's own settings, its parts, or its data. */
const NOT_CONTENT = /\b(?:deck|slides?|presentation|document|doc|memo|report|letter|email|spreadsheet|workbook|sheets?|tabs?|columns?|rows?|title|subtitle|agenda|sections?|topics?|chapters?|parts?|outline|theme|audience|date|when|where|time|presenter|author|to|from|subject|re|cc|dear|format|tone|style|length|data|chart|graph|table|notes?)\b/i;
/** A request, not a label: "Can you make ...", "Please write ...". */
const ASKING = /^(?:can|could|would|will|please|pls|make|create|write|draft|build|prepare|give|put|need|i|we|hey|hi)\b/i;
/** "North 120", "rent $1,200": a label and a figure, which is data for the data readers. */
const DATUM = /^[\p{L}][\p{L} &'-]*\s+[$€£]?\d[\d,.]*\s*(?:[kKmM]|bn|%)?$/u;

const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

function itemsOf(value: string): string[] {
  const parts = value.split(/\s*;\s*|,\s+(?!\d{3}\b)/).map((p) => p.trim().replace(/^(?:and|&)\s+/i, '').replace(/[.!]+$/, '').trim()).filter(Boolean);
  return parts.map(capitalised);
}

/**
 * The labelled groups of a request, with the text they were read from (so the rest can be read without
 * them), and the labelled facts that are not groups ("Goal: cut payment failures by half", "Owner: Dana"),
 * as written.
 */
export function groupsIn(text: string): { groups: Group[]; sources: string[]; labelled: [string, string][] } {
  const found: { group: Group; source: string }[] = [];
  const labelled: [string, string][] = [];
  // A line, or a sentence within one, that starts with its label.
  for (const line of text.split('\n')) {
    // (A sentence typed in lower case starts one too: "NPS went from 32 to 41. top complaint: shipping times";
    // not after an abbreviation: "e.g. refunds: ...".)
    for (const sentence of line.split(/(?<!\b(?:e\.g|i\.e|etc|vs|approx|incl|no|nr|mr|mrs|ms|dr|st|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|z\.b|bzw|ca|usw|p\.ej|aprox)\.)(?<=[.!?])\s+(?=\p{L})/iu)) {
      const whole = /^\s*(?:[-*•]\s*)?(\p{L}[\p{L}'’ -]{0,40}?)\s*:\s+(\S[^:]*?)\s*$/u.exec(sentence);
      // "..., started load testing, risk: vendor contract expires next month": a list's label at the end of a sentence.
      const tail = whole ? null : /[,;]\s*(\p{L}[\p{L}'’ -]{0,40}?)\s*:\s+(\S[^:]*?)\s*$/u.exec(sentence);
      const m = whole ?? (tail && LIST_LABEL.test(tail[1].trim()) ? tail : null);
      if (!m || m[1].split(/\s+/).length > 4 || NOT_CONTENT.test(m[1]) || ASKING.test(m[1])) continue;
      const items = itemsOf(m[2]);
      if (!items.length || items.every((i) => DATUM.test(i))) continue;
      // "Budget: $5k" is a fact with its label, not a list: a group has a list label or several items.
      if (items.length < 2 && !LIST_LABEL.test(m[1].trim())) {
        labelled.push([capitalised(m[1].trim()), m[2].replace(/[.!]+$/, '').trim()]);
        continue;
      }
      found.push({ group: { title: capitalised(m[1].trim()), items }, source: (whole ? sentence : m[0].replace(/^[,;]\s*/, '')).trim() });
    }
  }
  if (found.length >= 2 || (found.length === 1 && LIST_LABEL.test(found[0].group.title))) {
    return { groups: found.map((f) => f.group), sources: found.map((f) => f.source), labelled };
  }
  return { groups: [], sources: [], labelled: [...found.map((f): [string, string] => [f.group.title, f.group.items.join(', ')]), ...labelled] };
}
