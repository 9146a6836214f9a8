// A workbook is its .xlsx package. XlsxWorkbook opens the package and answers what every edit asks:
// where the workbook part is, which namespaces the file writes (transitional, or Strict Open XML), the
// sheets it lists (name, id, part, visibility) in tab order, its date system, and the relationship types
// to use for new parts. Sheets, styles and strings stay in the package's own parts.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { OoxmlPackage } from '../ooxml/package.ts';
import { attr, attrNS, child, children, type Element } from '../ooxml/xml.ts';
import type { ZipLimits } from '../ooxml/zip-reader.ts';

export const XLSX_WHAT = 'an Excel workbook (.xlsx)';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSM_CONTENT_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.12';

const TRANSITIONAL = {
  x: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  rel: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  xdr: 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
};

const STRICT = {
  x: 'http://purl.oclc.org/ooxml/spreadsheetml/main',
  r: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
  rel: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
  xdr: 'http://purl.oclc.org/ooxml/drawingml/spreadsheetDrawing',
  a: 'http://purl.oclc.org/ooxml/drawingml/main',
  c: 'http://purl.oclc.org/ooxml/drawingml/chart',
};

export type Namespaces = typeof TRANSITIONAL & { strict: boolean };

export const CT_XL = {
  worksheet: 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml',
  sharedStrings: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml',
  styles: 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml',
  table: 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
  calcChain: 'application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml',
} as const;

/** Relationships never followed when removing parts nothing uses: the workbook's shared and structural parts. */
export const keepParts = (relType: string): boolean => /\/(worksheet|chartsheet|styles|theme|sharedStrings|officeDocument|calcChain|pivotCacheDefinition)$/.test(relType);

export type SheetKind = 'worksheet' | 'chartsheet' | 'dialogsheet' | 'macrosheet';

export interface SheetEntry {
  name: string;
  sheetId: number;
  relId: string;
  /** The sheet's part; null when its relationship points nowhere. */
  part: string | null;
  kind: SheetKind;
  /** visible, hidden or veryHidden. */
  state: string;
  el: Element;
}

const KINDS: Record<string, SheetKind> = { worksheet: 'worksheet', chartsheet: 'chartsheet', dialogsheet: 'dialogsheet', xlMacrosheet: 'macrosheet', xlIntlMacrosheet: 'macrosheet' };

export class XlsxWorkbook {
  readonly pkg: OoxmlPackage;
  readonly part: string;
  readonly ns: Namespaces;

  constructor(pkg: OoxmlPackage) {
    this.pkg = pkg;
    const root = pkg.rels('');
    const main = root.all().find((r) => !r.external && /\/officeDocument$/.test(r.type) && pkg.has(r.target));
    const part = main?.target ?? (pkg.has('xl/workbook.xml') ? 'xl/workbook.xml' : null);
    const other = pkg.has('word/document.xml') ? ' (it is a Word document)' : pkg.has('ppt/presentation.xml') ? ' (it is a PowerPoint presentation)' : '';
    if (!part) throw new DocumentUnreadable(`The file is not ${XLSX_WHAT}: it has no workbook part${other}.`);
    const el = pkg.xml(part).documentElement;
    const strict = el?.namespaceURI === STRICT.x;
    if (!el || el.localName !== 'workbook' || (el.namespaceURI !== TRANSITIONAL.x && !strict)) {
      throw new DocumentUnreadable(`The file is not ${XLSX_WHAT}: ${part} is not a workbook${other}.`);
    }
    this.part = part;
    this.ns = { ...(strict ? STRICT : TRANSITIONAL), strict };
  }

  static open(bytes: Buffer, limits?: ZipLimits): XlsxWorkbook {
    return new XlsxWorkbook(OoxmlPackage.open(bytes, { what: XLSX_WHAT, limits }));
  }

  /** The relationship type of `kind` in this file's flavour (`worksheet` -> .../relationships/worksheet). */
  rel(kind: string): string {
    return `${this.ns.rel}/${kind}`;
  }

  /** Is this relationship of that kind (in either flavour)? */
  isRel(type: string, kind: string): boolean {
    return type.endsWith(`/${kind}`) && (type.startsWith(TRANSITIONAL.rel) || type.startsWith(STRICT.rel));
  }

  root(): Element {
    return this.pkg.xml(this.part).documentElement!;
  }

  edit(): Element {
    return this.pkg.edit(this.part).documentElement!;
  }

  sheetsEl(): Element | null {
    return child(this.root(), this.ns.x, 'sheets');
  }

  sheets(): SheetEntry[] {
    const rels = this.pkg.rels(this.part);
    return children(this.sheetsEl(), this.ns.x, 'sheet').map((el) => {
      const relId = attrNS(el, this.ns.r, 'id') ?? '';
      const rel = rels.get(relId);
      const kindName = rel ? /\/([^/]+)$/.exec(rel.type)?.[1] ?? '' : '';
      return {
        name: attr(el, 'name') ?? '',
        sheetId: Number(attr(el, 'sheetId') ?? 0),
        relId,
        part: rel && !rel.external && this.pkg.has(rel.target) ? rel.target : null,
        kind: KINDS[kindName] ?? 'worksheet',
        state: attr(el, 'state') ?? 'visible',
        el,
      };
    });
  }

  /** Whether dates count from 1904 (Excel for Mac's old default) rather than 1900. */
  date1904(): boolean {
    const v = attr(child(this.root(), this.ns.x, 'workbookPr'), 'date1904');
    return v === '1' || v === 'true';
  }

  /** A part related from the workbook by kind (styles, sharedStrings, theme, calcChain), or null. */
  related(kind: string): string | null {
    const rel = this.pkg.rels(this.part).all().find((r) => !r.external && this.isRel(r.type, kind) && this.pkg.has(r.target));
    return rel?.target ?? null;
  }
}
