// The three Folio themes as theme colour schemes and font pairs. The values are those of
// src/documents/slides/theme.ts (THEMES and seriesColours), written out so the templates do not change
// when the renderer's code moves: dk2/accent1 = primary (statement slides), accent2 = secondary (rules,
// stripe, section number, quote mark), lt2 = panel, dk1 = body text. accent3-6 are the chart series that
// seriesColours derives: primary 45% towards white, secondary 35% towards black, primary and secondary
// mixed half and half, and a neutral slate. hlink is the secondary darkened until it reads on the canvas
// (WCAG 4.5), folHlink the muted text colour.
/** Folio's themes (ThemeName in src/documents/slides/model.ts). */
export type ThemeName = 'midnight' | 'ivory' | 'evergreen';

export interface SchemePalette {
  theme: ThemeName;
  /** "Midnight": the scheme is called "Folio Midnight". */
  title: string;
  dk1: string;
  /** White, or the canvas when the content slides are not white (content backgrounds use bg1). */
  lt1: string;
  dk2: string;
  lt2: string;
  accents: [string, string, string, string, string, string];
  hlink: string;
  folHlink: string;
  majorFont: string;
  minorFont: string;
}

export const PALETTES: Record<ThemeName, SchemePalette> = {
  midnight: {
    theme: 'midnight', title: 'Midnight',
    dk1: '1F2937', lt1: 'FFFFFF', dk2: '1B2A4A', lt2: 'F1F4F9',
    accents: ['1B2A4A', 'E8A33D', '828A9B', '976A28', '826744', '8A94A6'],
    hlink: '8B6225', folHlink: '6B7280',
    majorFont: 'Calibri', minorFont: 'Calibri',
  },
  ivory: {
    theme: 'ivory', title: 'Ivory',
    dk1: '2B2825', lt1: 'FBF8F3', dk2: '33302C', lt2: 'F1EBE1',
    accents: ['33302C', 'C8553D', '8F8D8B', '823728', '7E4335', '8A94A6'],
    hlink: 'B44D37', folHlink: '7A726A',
    majorFont: 'Cambria', minorFont: 'Calibri',
  },
  evergreen: {
    theme: 'evergreen', title: 'Evergreen',
    dk1: '1D2B24', lt1: 'F7F9F8', dk2: '14452F', lt2: 'E7EFEA',
    accents: ['14452F', '8CC63F', '7E998D', '5B8129', '508637', '8A94A6'],
    hlink: '547726', folHlink: '5F6F67',
    majorFont: 'Calibri', minorFont: 'Calibri',
  },
};

export const THEME_ORDER: ThemeName[] = ['midnight', 'ivory', 'evergreen'];
