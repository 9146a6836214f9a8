// The workbook's own title (set_workbook): kept in the file's properties (docProps/core.xml, dc:title),
// where Excel shows it, and what the download is named after. Without one the workbook is named after
// its first sheet (or the title written in that sheet's A1), so no title row is needed on any sheet.
import { Type } from 'typebox';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { descendants } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';

const DC = 'http://purl.org/dc/elements/1.1/';
const CORE = 'docProps/core.xml';

/** The title in the workbook's file properties, or null. */
export function workbookTitle(doc: ExcelDocument): string | null {
  if (!doc.pkg.has(CORE)) return null;
  const el = descendants(doc.pkg.xml(CORE).documentElement!, DC, 'title')[0];
  return el?.textContent?.trim() || null;
}

export function setWorkbookTitle(doc: ExcelDocument, title: string): void {
  if (!doc.pkg.has(CORE)) throw new ToolError('this workbook has no file properties part to hold a title');
  const xml = doc.pkg.edit(CORE);
  let el = descendants(xml.documentElement!, DC, 'title')[0];
  if (!el) {
    el = xml.createElementNS(DC, 'dc:title');
    xml.documentElement!.insertBefore(el, xml.documentElement!.firstChild);
  }
  while (el.firstChild) el.removeChild(el.firstChild);
  el.appendChild(xml.createTextNode(title));
}

export function workbookTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  return [
    defineTool({
      name: 'set_workbook',
      description: "Sets the workbook's title (its file properties; the download is named after it). Without one, the workbook is named after its first sheet.",
      input: Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
      execute: ({ title }) => {
        const text = title.replace(/\s+/g, ' ').trim();
        if (!text) throw new ToolError('title is empty');
        setWorkbookTitle(ctx.doc, text);
        ctx.noteChange(`titled the workbook "${text}"`);
        return { title: text };
      },
    }),
  ];
}
