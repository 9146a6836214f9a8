// The language of a request (English, German, Spanish or French), by the share of common function words,
// and the few words a skeleton needs in each: placeholders, default parts, the closing slide.

export type Lang = 'en' | 'de' | 'es' | 'fr';

const MARKERS: Record<Lang, string[]> = {
  en: ['the', 'and', 'with', 'for', 'a', 'an', 'of', 'to', 'please', 'make', 'create', 'add', 'about', 'on', 'our', 'in', 'slides', 'sheet'],
  de: ['der', 'die', 'das', 'und', 'mit', 'für', 'fuer', 'eine', 'einen', 'ein', 'zu', 'von', 'über', 'bitte', 'erstelle', 'erstellen', 'folien', 'unsere', 'zum', 'zur', 'im', 'auf', 'als', 'tabelle', 'mein', 'meine', 'unser', 'ist', 'sind', 'nach', 'wie', 'aus'],
  es: ['el', 'la', 'los', 'las', 'y', 'con', 'para', 'una', 'un', 'del', 'de', 'sobre', 'por', 'crea', 'crear', 'haz', 'diapositivas', 'nuestra', 'nuestro', 'hoja', 'como', 'tabla', 'mi', 'mis', 'es', 'son'],
  fr: ['le', 'la', 'les', 'et', 'avec', 'pour', 'une', 'un', 'des', 'du', 'de', 'sur', 'crée', 'créer', 'créez', 'fais', 'diapositives', 'notre', 'nos', 'feuille', 'sous', 'forme', 'tableau', 'mon', 'ma', 'mes', 'est', 'sont', 'au', 'aux'],
};

/** The request's language; English unless another one's words clearly dominate. */
export function languageOf(text: string): Lang {
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const score = (lang: Lang) => words.filter((w) => MARKERS[lang].includes(w)).length;
  const scores = (['de', 'es', 'fr'] as Lang[]).map((l) => [l, score(l)] as const).sort((a, b) => b[1] - a[1]);
  const en = score('en');
  return scores[0][1] >= 2 && scores[0][1] > en ? scores[0][0] : 'en';
}

interface Words {
  /** "[Add X]" in the language. */
  add: (what: string) => string;
  keyPoints: string;
  closing: string;
  closingSubtitle: string;
  deck: string[];
  report: string[];
  items: string;
  /** A totals row's label. */
  total: string;
  amount: string;
  notes: string;
  details: string;
  /** A timeline slide's title and its table's columns: milestone, when, date, owner. */
  timeline: { title: string; milestone: string; when: string; date: string; owner: string };
  /** The labels of a memo's or letter's header lines and of the facts it states. */
  labels: { to: string; from: string; date: string; subject: string; when: string; time: string; where: string; amounts: string; contact: string; phone: string };
}

export const WORDS: Record<Lang, Words> = {
  en: {
    add: (w) => `[Add ${w}]`, keyPoints: 'the key points', closing: 'Thank you', closingSubtitle: 'Questions and discussion',
    deck: ['Context', 'Key points', 'Details', 'Analysis', 'Options', 'Recommendation', 'Next steps'],
    report: ['Executive summary', 'Background', 'Findings', 'Recommendations', 'Next steps'],
    items: 'Item', total: 'Total', amount: 'Amount', notes: 'Notes', details: 'details',
    timeline: { title: 'Timeline', milestone: 'Milestone', when: 'When', date: 'Date', owner: 'Owner' },
    labels: { to: 'To', from: 'From', date: 'Date', subject: 'Subject', when: 'When', time: 'Time', where: 'Where', amounts: 'Amounts', contact: 'Contact', phone: 'Phone' },
  },
  de: {
    add: (w) => `[Ergänzen: ${w}]`, keyPoints: 'die Kernpunkte', closing: 'Vielen Dank', closingSubtitle: 'Fragen und Diskussion',
    deck: ['Ausgangslage', 'Kernpunkte', 'Details', 'Analyse', 'Optionen', 'Empfehlung', 'Nächste Schritte'],
    report: ['Zusammenfassung', 'Hintergrund', 'Ergebnisse', 'Empfehlungen', 'Nächste Schritte'],
    items: 'Position', total: 'Summe', amount: 'Betrag', notes: 'Notizen', details: 'Details',
    timeline: { title: 'Zeitplan', milestone: 'Meilenstein', when: 'Wann', date: 'Datum', owner: 'Verantwortlich' },
    labels: { to: 'An', from: 'Von', date: 'Datum', subject: 'Betreff', when: 'Wann', time: 'Uhrzeit', where: 'Wo', amounts: 'Beträge', contact: 'Kontakt', phone: 'Telefon' },
  },
  es: {
    add: (w) => `[Añadir: ${w}]`, keyPoints: 'los puntos clave', closing: 'Gracias', closingSubtitle: 'Preguntas y debate',
    deck: ['Contexto', 'Puntos clave', 'Detalles', 'Análisis', 'Opciones', 'Recomendación', 'Próximos pasos'],
    report: ['Resumen ejecutivo', 'Antecedentes', 'Resultados', 'Recomendaciones', 'Próximos pasos'],
    items: 'Concepto', total: 'Total', amount: 'Importe', notes: 'Notas', details: 'detalles',
    timeline: { title: 'Cronograma', milestone: 'Hito', when: 'Cuándo', date: 'Fecha', owner: 'Responsable' },
    labels: { to: 'Para', from: 'De', date: 'Fecha', subject: 'Asunto', when: 'Cuándo', time: 'Hora', where: 'Dónde', amounts: 'Importes', contact: 'Contacto', phone: 'Teléfono' },
  },
  fr: {
    add: (w) => `[Ajouter : ${w}]`, keyPoints: 'les points clés', closing: 'Merci', closingSubtitle: 'Questions et échanges',
    deck: ['Contexte', 'Points clés', 'Détails', 'Analyse', 'Options', 'Recommandation', 'Prochaines étapes'],
    report: ['Synthèse', 'Contexte', 'Constats', 'Recommandations', 'Prochaines étapes'],
    items: 'Poste', total: 'Total', amount: 'Montant', notes: 'Notes', details: 'détails',
    timeline: { title: 'Calendrier', milestone: 'Jalon', when: 'Quand', date: 'Date', owner: 'Responsable' },
    labels: { to: 'À', from: 'De', date: 'Date', subject: 'Objet', when: 'Quand', time: 'Heure', where: 'Où', amounts: 'Montants', contact: 'Contact', phone: 'Téléphone' },
  },
};
