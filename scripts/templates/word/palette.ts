// Folio's report design as theme values and page geometry. The colours are Folio's Word defaults
// (the Word renderer's former default theme: primary 1F3A5F, accent 2A7F8E, Cambria over
// Calibri), written out so the template does not change when the renderer's code moves. accent3-6
// follow the slides' palettes (scripts/templates/slides/palettes.ts): primary 45% towards white,
// secondary 35% towards black, primary and secondary mixed half and half, a neutral slate. hlink is
// the secondary (it already reads on white: contrast 4.6), folHlink the muted text colour.

export interface ReportPalette {
  /** The theme, its colour scheme and its font scheme are all called "Folio <title>". */
  title: string;
  dk1: string;
  lt1: string;
  dk2: string;
  lt2: string;
  accents: [string, string, string, string, string, string];
  hlink: string;
  folHlink: string;
  majorFont: string;
  minorFont: string;
}

export const REPORT: ReportPalette = {
  title: 'Report',
  dk1: '1F2937', lt1: 'FFFFFF', dk2: '1F3A5F', lt2: 'EEF2F6',
  accents: ['1F3A5F', '2A7F8E', '8493A7', '1B535C', '255D77', '8A94A6'],
  hlink: '2A7F8E', folHlink: '6B7280',
  majorFont: 'Cambria', minorFont: 'Calibri',
};

/** A4 portrait in twentieths of a point, with Folio's margins and header/footer distance. */
export const PAGE = {
  width: 11906,
  height: 16838,
  top: 1304,
  bottom: 1304,
  left: 1247,
  right: 1247,
  header: 567,
  footer: 567,
} as const;

/** The width of the text column (twips): where right tabs and full-width tables end. */
export const TEXT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
