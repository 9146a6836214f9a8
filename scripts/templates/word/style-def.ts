// One w:style from a plain definition, children in the schema's order (CT_Style: name, aliases,
// basedOn, next, link, autoRedefine, hidden, uiPriority, semiHidden, unhideWhenUsed, qFormat, locked,
// personal..., rsid, pPr, rPr, tblPr, trPr, tcPr, tblStylePr).
import { paraChildren, runChildren, type ParaProps, type RunProps } from './props.ts';
import { esc } from './xml.ts';

export interface StyleDef {
  type: 'paragraph' | 'character' | 'table' | 'numbering';
  id: string;
  /** Built-in styles use Word's built-in (lowercase) names: "heading 1", "caption", "toc 1". */
  name: string;
  /** The default style of its type (Normal, Default Paragraph Font, Normal Table, No List). */
  isDefault?: boolean;
  basedOn?: string;
  next?: string;
  uiPriority?: number;
  semiHidden?: boolean;
  unhideWhenUsed?: boolean;
  qFormat?: boolean;
  pPr?: ParaProps;
  rPr?: RunProps;
  /** Raw children of w:tblPr (table styles), in schema order. */
  tblPr?: string;
  /** Raw w:tblStylePr elements (table styles: conditional formatting). */
  conditions?: string[];
}

export function styleXml(s: StyleDef): string {
  const pPr = s.pPr ? paraChildren(s.pPr) : '';
  const rPr = s.rPr ? runChildren(s.rPr) : '';
  return `<w:style w:type="${s.type}"${s.isDefault ? ' w:default="1"' : ''} w:styleId="${s.id}">`
    + `<w:name w:val="${esc(s.name)}"/>`
    + (s.basedOn ? `<w:basedOn w:val="${s.basedOn}"/>` : '')
    + (s.next ? `<w:next w:val="${s.next}"/>` : '')
    + (s.uiPriority !== undefined ? `<w:uiPriority w:val="${s.uiPriority}"/>` : '')
    + (s.semiHidden ? '<w:semiHidden/>' : '')
    + (s.unhideWhenUsed ? '<w:unhideWhenUsed/>' : '')
    + (s.qFormat ? '<w:qFormat/>' : '')
    + (pPr ? `<w:pPr>${pPr}</w:pPr>` : '')
    + (rPr ? `<w:rPr>${rPr}</w:rPr>` : '')
    + (s.tblPr ? `<w:tblPr>${s.tblPr}</w:tblPr>` : '')
    + (s.conditions ?? []).join('')
    + '</w:style>';
}

/** A table style's conditional formatting (w:tblStylePr): pPr, rPr, tblPr, trPr, tcPr in that order. */
export function condition(type: string, parts: { pPr?: ParaProps; rPr?: RunProps; tcPr?: string }): string {
  const pPr = parts.pPr ? paraChildren(parts.pPr) : '';
  const rPr = parts.rPr ? runChildren(parts.rPr) : '';
  return `<w:tblStylePr w:type="${type}">`
    + (pPr ? `<w:pPr>${pPr}</w:pPr>` : '')
    + (rPr ? `<w:rPr>${rPr}</w:rPr>` : '')
    + (parts.tcPr ? `<w:tcPr>${parts.tcPr}</w:tcPr>` : '')
    + '</w:tblStylePr>';
}
