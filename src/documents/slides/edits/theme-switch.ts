// Switching a Folio deck to another of Folio's themes. All Folio templates share one structure (the
// same master, layouts and placeholders under the same part names), so the switch replaces the
// design parts (master, layouts, slide theme) with the other template's and leaves every slide part
// as it is. A deck made elsewhere keeps its own design: switching it is refused, and the tool says to
// use brand colours and fonts instead.
import { ToolError } from '../../agent/tool-error.ts';
import { REL } from '../../ooxml/relationships.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { folioThemeOf, openTemplate, type ThemeName } from '../templates.ts';
import { applyBrand, currentLogo, removeLogos } from './brand.ts';

const DESIGN = /^ppt\/(slideMasters|slideLayouts)\/[^/]+\.xml$/;

export function switchTheme(d: SlidesDocument, theme: ThemeName): void {
  const current = folioThemeOf(d.deck);
  if (current === theme) return;
  if (!current) {
    throw new ToolError('This deck has its own design (its masters and layouts came with the file), so Folio themes do not apply to it. To restyle it, set primary_color, secondary_color or font.');
  }
  const template = openTemplate(theme).deck;
  if (!d.deck.slides().length) {
    d.replaceDeck(template);
    return;
  }
  const parts = template.pkg.paths().filter((p) => DESIGN.test(p));
  const masterTheme = (deck: typeof template) => deck.pkg.related(deck.masters()[0], REL.theme)[0];
  // A brand logo placed on the layouts goes with the old design and comes back on the new one.
  const logo = currentLogo(d);
  const same = parts.every((p) => d.pkg.has(p) && sameRels(d, template, p, logo !== null)) && masterTheme(d.deck) && masterTheme(template);
  if (!same) throw new ToolError(`This deck's masters and layouts were changed since Folio made it, so it cannot switch to the ${theme} theme; set primary_color, secondary_color or font instead.`);
  for (const p of parts) removeLogos(d, p);
  for (const p of parts) d.pkg.put(p, template.pkg.bytes(p));
  d.pkg.put(masterTheme(d.deck)!, template.pkg.bytes(masterTheme(template)!));
  d.designChanged();
  if (logo) applyBrand(d, { logo });
}

function sameRels(d: SlidesDocument, template: ReturnType<typeof openTemplate>['deck'], part: string, ignoreImages: boolean): boolean {
  const mine = d.pkg.rels(part).all().filter((r) => !(ignoreImages && r.type === REL.image)).map((r) => `${r.id} ${r.type} ${r.target}`).sort().join('\n');
  const theirs = template.pkg.rels(part).all().map((r) => `${r.id} ${r.type} ${r.target}`).sort().join('\n');
  return mine === theirs;
}
