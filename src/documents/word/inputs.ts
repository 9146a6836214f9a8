// Blocks made from the request's inputs: data sources as tables (numbers formatted for reading, with a
// caption naming the source) and image assets as figures.
import { imageSize } from 'image-size';
import type { DataCell, DataTable, ImageInput } from '../agent/format-adapter.ts';
import { ToolError } from '../agent/tool-error.ts';
import { escapeInline } from './inline.ts';
import type { DocImage, ImageContent, TableContent } from './content-blocks.ts';

const TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
/** Beyond this a table stops being readable in a document (about 50 pages); the caption says it was cut. */
const MAX_ROWS = 2000;
/** Word itself refuses tables wider than 63 columns; past 40 none is readable on a page. */
export const MAX_TABLE_COLUMNS = 40;

export function formatCell(c: DataCell): string {
  if (c === null) return '';
  if (typeof c === 'number') return Number.isInteger(c) ? c.toLocaleString('en-US') : c.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (typeof c === 'boolean') return c ? 'Yes' : 'No';
  return escapeInline(c);
}

export function sourceLabel(t: DataTable): string {
  return t.source.kind === 'inline' ? `data source "${t.name}"` : `${t.source.file_name}${t.source.kind === 'xlsx' && t.source.sheet ? `, sheet ${t.source.sheet}` : ''}`;
}

export function findSource(sources: DataTable[], name: string): DataTable {
  const t = sources.find((s) => s.name === name) ?? sources.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (!t) throw new ToolError(sources.length ? `No data source "${name}"; the request has: ${sources.map((s) => `"${s.name}"`).join(', ')}.` : 'This request has no data sources.');
  return t;
}

export function tableFromSource(sources: DataTable[], name: string, columns: string[] | undefined, maxRows: number | undefined, caption: string | null): TableContent {
  const t = findSource(sources, name);
  const picked = (columns ?? t.columns.slice(0, MAX_TABLE_COLUMNS)).map((c) => {
    const i = t.columns.indexOf(c);
    if (i < 0) throw new ToolError(`Data source "${t.name}" has no column "${c}"; its columns: ${t.columns.join(', ')}.`);
    return i;
  });
  const rows = t.rows.slice(0, Math.min(maxRows ?? MAX_ROWS, MAX_ROWS)).map((r) => picked.map((i) => formatCell(r[i])));
  return {
    kind: 'table', header: picked.map((i) => escapeInline(t.columns[i])), rows,
    caption: caption ?? `${escapeInline(t.name)} (source: ${escapeInline(sourceLabel(t))}${rows.length < t.rows.length ? `, first ${rows.length} of ${t.rows.length} rows` : ''}${!columns && t.columns.length > MAX_TABLE_COLUMNS ? `, first ${MAX_TABLE_COLUMNS} of ${t.columns.length} columns` : ''})`,
    // Left to the writer, which right-aligns columns of numbers, percentages and amounts.
    align: [],
  };
}

export function docImage(img: ImageInput): DocImage | null {
  if (!TYPES.has(img.content_type)) return null;
  let { width, height } = img;
  if (!width || !height) {
    const size = imageSize(img.bytes);
    width = size.width ?? null;
    height = size.height ?? null;
  }
  if (!width || !height) return null;
  return { bytes: img.bytes, contentType: img.content_type as DocImage['contentType'], width, height };
}

export function imageBlockFrom(images: ImageInput[], imageId: string, caption: string | undefined, widthPercent: number | undefined): ImageContent {
  const img = images.find((i) => i.image_id === imageId);
  if (!img) throw new ToolError(images.length ? `No image ${imageId} in this request; its images: ${images.map((i) => i.image_id).join(', ')}.` : 'This request has no image_assets.');
  const image = docImage(img);
  if (!image) throw new ToolError(`Image ${imageId} (${img.content_type}) cannot be placed in a Word document; only PNG, JPEG and GIF can.`);
  // Small images keep their size; large ones fill the width, portrait ones less so they fit the page.
  const natural = Math.round((image.width / 627) * 100);
  const fit = image.height > image.width * 1.2 ? 60 : 100;
  return {
    kind: 'image', image, caption: caption ?? (img.caption ? escapeInline(img.caption) : null), source: imageId,
    widthPercent: widthPercent ?? Math.max(10, Math.min(fit, natural)),
  };
}
