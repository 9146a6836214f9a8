// Numbers as people write them in requests: digits, and number words in English, German, Spanish and
// French ("six", "sechs", "seis", "six"), plus "a"/"an"/"one-" before a unit ("a one-page memo").

const WORDS: Record<string, number> = {
  // English
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  single: 1, couple: 2, dozen: 12,
  // German
  ein: 1, eine: 1, einen: 1, zwei: 2, drei: 3, vier: 4, 'fünf': 5, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, 'zwölf': 12,
  // Spanish
  uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, doce: 12,
  // French
  un: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
};

/** The alternation of number words, longest first (for building patterns). */
export const NUMBER_WORD = Object.keys(WORDS).sort((a, b) => b.length - a.length).join('|');

/** "6", "six", "sechs" -> 6; null when it is not a number. */
export function numberOf(raw: string): number | null {
  const t = raw.trim().toLowerCase();
  if (/^\d{1,4}$/.test(t)) return Number(t);
  return WORDS[t] ?? null;
}

export type CountUnit = 'slide' | 'page' | 'sheet' | 'section' | 'bullet' | 'row';

const UNITS: [CountUnit, string][] = [
  ['slide', 'slides?|folien?|diapositivas?|diapositives?'],
  ['page', 'pages?|pager|seiten?|páginas?|paginas?'],
  ['sheet', 'sheets?|tabs?|worksheets?|tabellenbl(?:ä|a)ttern|tabellenbl(?:ä|a)tter|tabellenblatt|bl(?:ä|a)ttern|bl(?:ä|a)tter|blatt|hojas?(?! de c[aá]lculo)|feuilles?(?! de calcul)|onglets?'],
  ['section', 'sections?|chapters?|abschnitte?n?|kapitel|secci(?:ó|o)n(?:es)?|cap(?:í|i)tulos?|chapitres?'],
  ['bullet', 'bullets?|bullet points?|points?|stichpunkte?|puntos?'],
  ['row', 'rows?|zeilen?|filas?|lignes?'],
];

export interface Count { n: number; unit: CountUnit }

/** Every "<number> <unit>" of the text: "a 6-slide deck", "10 slides", "a one-page memo", "three sheets". */
export function countsIn(text: string): Count[] {
  const out: Count[] = [];
  for (const [unit, words] of UNITS) {
    const re = new RegExp(`(?<![\\w-])(\\d{1,3}|${NUMBER_WORD})[\\s-]+(?:${words})(?![\\w])`, 'giu');
    for (const m of text.matchAll(re)) {
      const n = numberOf(m[1]);
      if (n !== null && n > 0 && n <= 200) out.push({ n, unit });
    }
  }
  if (/\bone[- ]pager\b/i.test(text) && !out.some((c) => c.unit === 'page')) out.push({ n: 1, unit: 'page' });
  return out;
}

/** The count of one unit the text asks for, or null. */
export function countOf(text: string, unit: CountUnit): number | null {
  const all = countsIn(text).filter((c) => c.unit === unit).map((c) => c.n);
  return all.length ? Math.max(...all) : null;
}
