// The quote slide's big opening quote mark, drawn as a shape (two "6"-shaped commas: a ball and a
// tapering tail) rather than typed in a font: it keeps its serif form whatever the theme's fonts
// (Calibri's own quote mark at 220 pt looks like two brackets) and takes the accent colour.

type Pt = [number, number];
const pt = ([x, y]: Pt) => `<a:pt x="${x}" y="${y}"/>`;

/** One comma: the ball centred at (cx, 88) with radius 30, the tail rising to a tip at the top right. */
function comma(cx: number): string {
  const at = (x: number, y: number): Pt => [cx - 32 + x, y];
  const ball = `<a:path w="210" h="120"><a:moveTo>${pt(at(62, 88))}</a:moveTo><a:arcTo wR="30" hR="30" stAng="0" swAng="21600000"/><a:close/></a:path>`;
  const tail = `<a:path w="210" h="120"><a:moveTo>${pt(at(2, 88))}</a:moveTo>`
    + `<a:cubicBezTo>${pt(at(2, 46))}${pt(at(28, 12))}${pt(at(76, 0))}</a:cubicBezTo>`
    + `<a:lnTo>${pt(at(80, 9))}</a:lnTo>`
    + `<a:cubicBezTo>${pt(at(50, 22))}${pt(at(34, 42))}${pt(at(36, 62))}</a:cubicBezTo>`
    + `<a:lnTo>${pt(at(32, 88))}</a:lnTo><a:close/></a:path>`;
  return ball + tail;
}

/** Custom geometry of the mark, 210 x 120 path units (about 1.75 : 1). */
export const QUOTE_MARK_GEOMETRY = '<a:custGeom><a:avLst/><a:gdLst/><a:ahLst/><a:cxnLst/><a:rect l="0" t="0" r="r" b="b"/>'
  + `<a:pathLst>${comma(32)}${comma(142)}</a:pathLst></a:custGeom>`;
