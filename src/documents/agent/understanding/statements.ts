// Facts a request states as a list of short clauses ("revenue up 12%, churn down to 3%, two new
// markets"): each is a statement to show as written, not a data series. A growth rate and a churn rate
// are not one series; only figures that share a unit and a meaning (a value per region, per month)
// become a table or chart (inline-data.ts). These clauses are kept verbatim, only capitalised.

/** Words that make a clause with a figure a statement of change or state rather than a label and its value. */
const CHANGE = /\b(?:up|down|rose|risen|grew|grown|fell|fallen|dropped|increased|decreased|declined|climbed|jumped|gained|lost|improved|reached|hit|doubled|tripled|halved|flat|stable|steady|cut|reduced|raised|added|signed|won|launched|opened|hired|closed|gestiegen|gesunken|gewachsen|plus|minus|sube|baja|subió|bajó|creció|cayó|aumentó|hausse|baisse|augmenté|diminué|progressé)\b/iu;
const FIGURE = /[$€£]?\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|a dozen|zwei|drei|vier|fünf|dos|tres|cuatro|cinco|deux|trois|quatre|cinq)\b/iu;
const SPLIT = /\s*(?:,|;|\band\b|\bund\b|\by\b|\bet\b)\s*/iu;

export interface Statements {
  items: string[];
  /** The clauses in the request (so the rest of it can be read without them). */
  source: string;
}

/**
 * The list of stated facts after a colon or a dash ("Q3 results: revenue up 12%, churn down to 3%,
 * two new markets"), when at least two clauses carry a figure and one of them a word of change.
 */
export function statementsIn(text: string): Statements | null {
  for (const m of text.matchAll(/(?::|\s[-–—]\s)\s*([^\n:]{6,400}?)(?=\s*(?:\.\s|\.$|\n|$))/gu)) {
    const source = m[1].trim();
    const clauses = source.split(SPLIT).map((c) => c.trim().replace(/[.]$/, '')).filter(Boolean);
    if (clauses.length < 2 || clauses.length > 10 || clauses.some((c) => c.split(/\s+/).length > 9)) continue;
    const figured = clauses.filter((c) => FIGURE.test(c));
    if (figured.length < 2 || !figured.some((c) => CHANGE.test(c) && /\d/.test(c))) continue;
    // "North 120, South 80" is a series: every clause a label and a bare value, no word of change.
    return { items: clauses.map((c) => c[0].toUpperCase() + c.slice(1)), source };
  }
  return null;
}
