// `[Content_Types].xml`, edited in place: a new part gets an Override (or its extension a Default), a
// removed part loses its Override; every other element is written back as it was.
import path from 'node:path/posix';
import { attr, children, createEl, NS, parseXml, removeNode, type Document, type Element } from './xml.ts';

export const CONTENT_TYPES_PART = '[Content_Types].xml';

export const CT = {
  slide: 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml',
  notesSlide: 'application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml',
  notesMaster: 'application/vnd.openxmlformats-officedocument.presentationml.notesMaster+xml',
  theme: 'application/vnd.openxmlformats-officedocument.theme+xml',
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  rels: 'application/vnd.openxmlformats-package.relationships+xml',
  xml: 'application/xml',
} as const;

const MEDIA: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', bmp: 'image/bmp',
  tif: 'image/tiff', tiff: 'image/tiff', emf: 'image/x-emf', wmf: 'image/x-wmf', xlsx: CT.xlsx, rels: CT.rels, xml: CT.xml,
};

export class ContentTypes {
  readonly doc: Document;
  private changed = false;

  constructor(xml: string) {
    this.doc = parseXml(xml, CONTENT_TYPES_PART);
  }

  get dirty(): boolean {
    return this.changed;
  }

  private overrides(): Element[] {
    return children(this.doc.documentElement, NS.ct, 'Override');
  }

  private defaults(): Element[] {
    return children(this.doc.documentElement, NS.ct, 'Default');
  }

  typeOf(part: string): string | null {
    const name = `/${part}`.toLowerCase();
    const o = this.overrides().find((el) => (attr(el, 'PartName') ?? '').toLowerCase() === name);
    if (o) return attr(o, 'ContentType');
    const ext = path.extname(part).slice(1).toLowerCase();
    const d = this.defaults().find((el) => (attr(el, 'Extension') ?? '').toLowerCase() === ext);
    return d ? attr(d, 'ContentType') : null;
  }

  /**
   * Declares the type of a new part: an Override for XML parts (their type depends on the part, not the
   * extension), a Default for media and embeddings whose extension has none yet.
   */
  declare(part: string, contentType?: string): void {
    const ext = path.extname(part).slice(1).toLowerCase();
    const type = contentType ?? MEDIA[ext];
    if (!type) throw new Error(`no content type known for ${part}`);
    if (this.typeOf(part) === type) return;
    const byDefault = !contentType || (MEDIA[ext] === type && ext !== 'xml');
    if (byDefault && !this.defaults().some((el) => (attr(el, 'Extension') ?? '').toLowerCase() === ext)) {
      const el = createEl(this.doc, NS.ct, 'Default', { Extension: ext, ContentType: type });
      const firstOverride = this.overrides()[0];
      this.doc.documentElement!.insertBefore(el, firstOverride ?? null);
    } else {
      this.doc.documentElement!.appendChild(createEl(this.doc, NS.ct, 'Override', { PartName: `/${part}`, ContentType: type }));
    }
    this.changed = true;
  }

  forget(part: string): void {
    const name = `/${part}`.toLowerCase();
    for (const el of this.overrides()) {
      if ((attr(el, 'PartName') ?? '').toLowerCase() === name) {
        removeNode(el);
        this.changed = true;
      }
    }
  }
}
