// word/footnotes.xml and word/endnotes.xml: the separator (id -1) and continuation separator (id 0)
// notes Word needs before any real note, as Word writes them; settings.xml refers to both. A note the
// engine adds gets id 1 and up: a FootnoteText paragraph starting with a FootnoteReference run
// holding w:footnoteRef (see footnoteXml).
import { pPr, rPr } from './props.ts';
import { esc, WR, XML_DECL } from './xml.ts';

export type NoteKind = 'footnote' | 'endnote';

const tight = pPr({ spacing: { after: 0, line: 240 } });

function separators(kind: NoteKind): string {
  return `<w:${kind} w:type="separator" w:id="-1"><w:p>${tight}<w:r><w:separator/></w:r></w:p></w:${kind}>`
    + `<w:${kind} w:type="continuationSeparator" w:id="0"><w:p>${tight}<w:r><w:continuationSeparator/></w:r></w:p></w:${kind}>`;
}

/** A note with one paragraph of plain text (the specimen's footnote). */
export function noteXml(kind: NoteKind, id: number, text: string): string {
  const style = kind === 'footnote' ? 'Footnote' : 'Endnote';
  return `<w:${kind} w:id="${id}"><w:p>${pPr({ style: `${style}Text` })}`
    + `<w:r>${rPr({ style: `${style}Reference` })}<w:${kind}Ref/></w:r>`
    + `<w:r><w:t xml:space="preserve"> ${esc(text)}</w:t></w:r></w:p></w:${kind}>`;
}

/** The notes part: the two separators, then `notes` (already written w:footnote / w:endnote elements). */
export function notesXml(kind: NoteKind, notes: string[] = []): string {
  return XML_DECL + `<w:${kind}s ${WR}>${separators(kind)}${notes.join('')}</w:${kind}s>`;
}
