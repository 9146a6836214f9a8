// The deck as the built-in Slides editor sees it: per slide its title, subtitle, the paragraphs of its
// first list and its speaker notes, which the side panel edits. A save changes exactly the fields
// that differ, on the slides it names (by id, from the version the editor started from), in place:
// untouched slides stay byte for byte, and charts, tables, pictures and layouts stay as they are.
import { errors, type ValidationDetail } from '../../errors.ts';
import { setShapeParagraphs } from '../../documents/slides/edits/elements.ts';
import { setNotes } from '../../documents/slides/edits/notes.ts';
import type { SlidesDocument } from '../../documents/slides/slides.document.ts';
import { setSlideSubtitle, setSlideTitle } from '../../documents/slides/tools/slide-titles.ts';
import type { SlideView } from '../../documents/slides/view/slide.view.ts';
import type { SlidesContent, SlidesEdits } from './slides-view.schemas.ts';

export { SlidesContent, SlidesEdits } from './slides-view.schemas.ts';

const listOf = (s: SlideView) => s.elements.find((e) => e.kind === 'bullets');
const bulletsOf = (s: SlideView) => listOf(s)?.paragraphs.filter((p) => p.text.trim()).map((p) => ({ text: p.text, level: p.level })) ?? null;

export function presentSlides(doc: SlidesDocument): SlidesContent {
  return {
    slides: doc.slides().map((s) => ({
      id: s.id, layout: s.layout?.name ?? '', title: s.title,
      ...(s.subtitleShape ? { subtitle: s.subtitle ?? '' } : {}),
      bullets: bulletsOf(s),
      notes: s.notes,
    })),
  };
}

export function applySlides(doc: SlidesDocument, body: SlidesEdits): void {
  const problems: ValidationDetail[] = [];
  const found = body.slides.map((edit, i) => {
    const slide = doc.slides().find((s) => s.id === edit.id);
    if (!slide) problems.push({ loc: ['body', 'content', 'slides', i, 'id'], msg: `no slide ${edit.id} in the version being edited`, type: 'unknown_slide', input: edit.id });
    else if (edit.bullets?.some((b) => b.text.trim()) && !listOf(slide)) problems.push({ loc: ['body', 'content', 'slides', i, 'bullets'], msg: `slide ${edit.id} has no list to edit`, type: 'no_bullets', input: edit.bullets });
    return slide;
  });
  if (problems.length) throw errors.validation(problems);
  body.slides.forEach((edit, i) => {
    const id = found[i]!.id;
    const current = () => doc.slides().find((s) => s.id === id)!;
    if (edit.title.trim() !== current().title.trim()) setSlideTitle(doc, current(), edit.title.trim());
    if (edit.subtitle !== undefined && edit.subtitle.trim() !== (current().subtitle ?? '').trim()) setSlideSubtitle(doc, current(), edit.subtitle.trim());
    if (edit.notes.trim() !== current().notes.trim()) setNotes(doc, current().part, edit.notes.trim());
    if (edit.bullets) {
      const items = edit.bullets.filter((b) => b.text.trim()).map((b) => ({ text: b.text.trim(), level: b.level }));
      const list = listOf(current());
      if (list && JSON.stringify(items) !== JSON.stringify(bulletsOf(current()))) setShapeParagraphs(doc, current(), list.shape, items);
    }
  });
}
