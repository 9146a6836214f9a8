// One render bench case: Folio's renderer and the bare library, each producing the same document.
export interface RenderCase {
  /** e.g. "word: 50-page document with a contents page". */
  name: string;
  folio: () => Promise<Buffer>;
  bare: () => Promise<Buffer>;
}
