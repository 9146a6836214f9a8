// SVG uploads are rebuilt from an allowlist: static-graphics elements and presentation attributes only.
// Dropped: scripts, event handlers, foreignObject, animation (it can rewrite hrefs), style sheets,
// processing instructions, comments, any element or attribute outside SVG, and every href that is not
// a same-document `#fragment` (or, on <image>, an inline raster `data:` URL). A DOCTYPE with entity
// declarations is refused outright; entities are never expanded (no XXE, no billion laughs).
import type { Element as XmlElement, Node as XmlNode } from '@xmldom/xmldom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Larger SVGs are refused (they are parsed in memory). */
export const MAX_SVG_BYTES = 10 * 1024 * 1024;

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'desc', 'title', 'symbol', 'use', 'image', 'switch', 'view', 'a',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter',
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting',
  'feSpotLight', 'feTile', 'feTurbulence',
]);

const ATTRIBUTES = new Set(`id class x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points transform viewBox
  preserveAspectRatio version baseProfile fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin
  stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity opacity color display visibility overflow clip-path
  clip-rule mask filter marker-start marker-mid marker-end markerWidth markerHeight markerUnits refX refY orient
  font-family font-size font-weight font-style font-variant font-stretch text-anchor dominant-baseline alignment-baseline
  baseline-shift letter-spacing word-spacing text-decoration writing-mode dx dy rotate textLength lengthAdjust startOffset
  method spacing side offset stop-color stop-opacity gradientUnits gradientTransform spreadMethod patternUnits
  patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits filterUnits primitiveUnits in in2 result
  stdDeviation mode operator k1 k2 k3 k4 values type tableValues slope intercept amplitude exponent kernelMatrix order
  divisor bias targetX targetY edgeMode kernelUnitLength preserveAlpha surfaceScale diffuseConstant specularConstant
  specularExponent lighting-color flood-color flood-opacity azimuth elevation pointsAtX pointsAtY pointsAtZ
  limitingConeAngle z scale xChannelSelector yChannelSelector radius baseFrequency numOctaves seed stitchTiles style
  shape-rendering image-rendering text-rendering color-interpolation color-interpolation-filters vector-effect pathLength
  href role aria-label aria-labelledby aria-describedby aria-hidden lang mix-blend-mode isolation paint-order
  transform-origin systemLanguage focusable`.split(/\s+/));

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

export class SvgRejected extends Error {}

function isSafeHref(value: string, element: string): boolean {
  const v = value.trim();
  if (/^#[A-Za-z_][\w.:-]*$/.test(v)) return true;
  return element === 'image' && SAFE_DATA_IMAGE.test(v);
}

/** CSS and presentation values may only point inside the document: url(#id). */
function isSafeValue(value: string): boolean {
  const v = value.toLowerCase();
  if (/[\\]|expression\s*\(|javascript:|@import|behavior\s*:|-moz-binding|<\//.test(v)) return false;
  const urls = v.match(/url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/g) ?? [];
  if (urls.length !== (v.match(/url\s*\(/g) ?? []).length) return false;
  return urls.every((u) => /url\s*\(\s*['"]?#/.test(u));
}

function cleanAttributes(el: XmlElement): void {
  for (const attr of Array.from(el.attributes)) {
    const ns = attr.namespaceURI;
    const local = attr.localName ?? attr.name;
    let keep: boolean;
    if (ns === XMLNS_NS || attr.name === 'xmlns' || attr.name.startsWith('xmlns:')) keep = attr.value === SVG_NS || attr.value === XLINK_NS;
    else if (ns === XML_NS) keep = local === 'space' || local === 'lang';
    else if (ns === XLINK_NS) keep = local === 'href' && isSafeHref(attr.value, el.localName!);
    else if (ns) keep = false;
    else if (/^on/i.test(local)) keep = false;
    else if (local === 'href') keep = isSafeHref(attr.value, el.localName!);
    else keep = ATTRIBUTES.has(local) && isSafeValue(attr.value);
    if (!keep) el.removeAttributeNode(attr);
  }
}

function cleanChildren(node: XmlNode): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === child.TEXT_NODE) continue;
    if (child.nodeType === child.CDATA_SECTION_NODE) {
      node.replaceChild(node.ownerDocument!.createTextNode(child.nodeValue ?? ''), child);
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) {
      node.removeChild(child); // comments, processing instructions
      continue;
    }
    const el = child as XmlElement;
    if (el.namespaceURI !== SVG_NS || !ELEMENTS.has(el.localName!)) {
      node.removeChild(el);
      continue;
    }
    cleanAttributes(el);
    cleanChildren(el);
  }
}

/** The sanitized SVG document, or SvgRejected when the input is not well-formed SVG. xmldom is imported with the first SVG. */
export async function sanitizeSvg(input: string): Promise<string> {
  const { DOMParser, XMLSerializer } = await import('@xmldom/xmldom');
  const problems: string[] = [];
  let doc;
  try {
    doc = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') problems.push(message);
      },
    }).parseFromString(input, 'image/svg+xml');
  } catch (err) {
    throw new SvgRejected(`it is not well-formed XML (${(err as Error).message.split('\n')[0]})`);
  }
  if (problems.length) throw new SvgRejected(`it is not well-formed XML (${problems[0].split('\n')[0]})`);
  if (doc.doctype?.internalSubset?.trim()) throw new SvgRejected('DOCTYPE declarations with entities are not allowed');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    throw new SvgRejected('its root element is not <svg> in the SVG namespace');
  }
  cleanAttributes(root);
  cleanChildren(root);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}

/** Whether the text looks like an SVG document at all (before a full parse). */
export function looksLikeSvg(head: string): boolean {
  return /<svg[\s>/]/i.test(head.replace(/<!--[\s\S]*?-->/g, ''));
}
