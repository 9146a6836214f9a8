// Find-and-replace instructions: 'replace "Acme" with "Globex"', "change every 'draft' to 'final'",
// "replace Acme with Globex everywhere". Quoted text is taken as written; unquoted text needs a word
// saying it is everywhere (everywhere, throughout, in the whole document), since "change the Risks
// section to Open risks" is a rename. The planners turn each into replace_text calls for the text that
// occurs (casing kept: "draft" also replaces "Draft" with "Final").

export interface Replacement { find: string; replace: string }

const Q = String.raw`["“'‘]`;
const E = String.raw`["”'’]`;
const QUOTED = new RegExp(String.raw`\b(?:replace|swap|substitute|change|rename)\s+(?:all\s+|every\s+|each\s+)?(?:(?:instances?|occurrences?|mentions?)\s+of\s+)?(?:the\s+(?:word|name|text|phrase)\s+)?${Q}([^"”'’\n]{1,200}?)${E}\s+(?:with|by|for|to|into)\s+${Q}([^"”'’\n]{0,500}?)${E}`, 'giu');
const EVERYWHERE = String.raw`(?:everywhere|throughout(?:\s+the\s+\p{L}+)?|in\s+the\s+(?:whole|entire)\s+\p{L}+|across\s+the\s+(?:whole\s+)?\p{L}+|on\s+(?:all|every)\s+(?:slides?|pages?))`;
const BARE = new RegExp(String.raw`\b(?:replace|change)\s+(?:all\s+|every\s+)?(?:(?:instances?|occurrences?|mentions?)\s+of\s+)?([\p{L}\p{N}][^"”'’\n,;]{0,60}?)\s+(?:with|to|by)\s+([\p{L}\p{N}$€£][^"”'’\n,;]{0,60}?)\s+${EVERYWHERE}`, 'giu');

export function replacementsIn(text: string): Replacement[] {
  const out: Replacement[] = [];
  for (const re of [QUOTED, BARE]) {
    for (const m of text.matchAll(re)) {
      const find = m[1].trim();
      if (find && !out.some((r) => r.find === find)) out.push({ find, replace: m[2].trim() });
    }
  }
  return out;
}

const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * The exact-case replacements to make in a text: the find as written, and when it is written in lower
 * case, its capitalised form too ("draft" -> "final" also turns "Draft" into "Final"). Only those that occur.
 */
export function replacementsFor(r: Replacement, text: string): Replacement[] {
  const out: Replacement[] = [];
  if (text.includes(r.find)) out.push(r);
  if (r.find === r.find.toLowerCase() && cap(r.find) !== r.find && text.includes(cap(r.find))) out.push({ find: cap(r.find), replace: cap(r.replace) });
  return out;
}
