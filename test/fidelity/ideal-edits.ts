// What a faithful engine would write for each fidelity request, done by hand on the package with JSZip:
// only the parts the change needs are touched, every other part keeps its bytes. The self-test of the
// checks (test/fidelity-checks.test.ts) runs the checks on these to show that they can pass, and on
// deliberately careless variants to show that they catch what they must.
import path from 'node:path';
import JSZip from 'jszip';

async function text(zip: JSZip, name: string): Promise<string> {
  const f = zip.file(name);
  if (!f) throw new Error(`no part ${name}`);
  return f.async('string');
}

const relsOf = (part: string) => `${path.posix.dirname(part)}/_rels/${path.posix.basename(part)}.rels`;

async function mainPart(zip: JSZip): Promise<string> {
  const rels = await text(zip, '_rels/.rels');
  const m = /<Relationship\b[^>]*Type="[^"]*\/officeDocument"[^>]*>/.exec(rels);
  return /Target="\/?([^"]+)"/.exec(m![0])![1];
}

/** Adds a relationship to a .rels part and returns its id. */
async function addRel(zip: JSZip, relsPart: string, type: string, target: string): Promise<string> {
  const rels = zip.file(relsPart) ? await text(zip, relsPart) : '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  const used = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
  let n = used.size + 1;
  while (used.has(`rId${n}`)) n++;
  const id = `rId${n}`;
  zip.file(relsPart, rels.replace('</Relationships>', `<Relationship Id="${id}" Type="${type}" Target="${target}"/></Relationships>`));
  return id;
}

async function addOverride(zip: JSZip, part: string, contentType: string): Promise<void> {
  const ct = await text(zip, '[Content_Types].xml');
  zip.file('[Content_Types].xml', ct.replace('</Types>', `<Override PartName="/${part}" ContentType="${contentType}"/></Types>`));
}

function nextFree(zip: JSZip, pattern: (n: number) => string): string {
  let n = 1;
  while (zip.file(pattern(n))) n++;
  return pattern(n);
}

const save = (zip: JSZip) => zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

// ---------------------------------------------------------------------------------------------

/** A slide "Roadmap" with bullets "Q1 beta", "Q2 GA" at the end, on the deck's own title-and-content layout. */
export async function idealSlides(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const main = await mainPart(zip);
  const layouts = Object.keys(zip.files).filter((n) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (!layouts.length) throw new Error('the deck has no slide layout');
  let chosen = layouts[0];
  let body = '<p:ph idx="1"/>';
  for (const l of layouts) {
    const xml = await text(zip, l);
    const phs = [...xml.matchAll(/<p:ph\b[^>]*\/?>/g)].map((m) => m[0]);
    const title = phs.some((p) => /type="(title|ctrTitle)"/.test(p));
    const content = phs.find((p) => /type="body"/.test(p) || (!/type=/.test(p) && /idx=/.test(p)));
    if (title && content) { chosen = l; body = content.replace(/\s*\/?>$/, '/>').replace(/\s(orient|sz|hasCustomPrompt)="[^"]*"/g, ''); break; }
  }
  const slide = nextFree(zip, (n) => `ppt/slides/slide${n}.xml`);
  const para = (t: string) => `<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${t}</a:t></a:r></a:p>`;
  zip.file(slide, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    + '<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">'
    + '<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
    + `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${para('Roadmap')}</p:txBody></p:sp>`
    + `<p:sp><p:nvSpPr><p:cNvPr id="3" name="Content 2"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${body}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${para('Q1 beta')}${para('Q2 GA')}</p:txBody></p:sp>`
    + '</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>');
  zip.file(relsOf(slide), '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + `<Relationship Id="rId1" Type="${REL}/slideLayout" Target="../slideLayouts/${path.posix.basename(chosen)}"/></Relationships>`);
  const rid = await addRel(zip, relsOf(main), `${REL}/slide`, path.posix.relative(path.posix.dirname(main), slide));
  let pres = await text(zip, main);
  const ids = [...pres.matchAll(/<p:sldId\b[^>]*\bid="(\d+)"/g)].map((m) => Number(m[1]));
  const entry = `<p:sldId id="${Math.max(255, ...ids) + 1}" r:id="${rid}"/>`;
  if (pres.includes('</p:sldIdLst>')) pres = pres.replace('</p:sldIdLst>', `${entry}</p:sldIdLst>`);
  else if (/<p:sldIdLst\s*\/>/.test(pres)) pres = pres.replace(/<p:sldIdLst\s*\/>/, `<p:sldIdLst>${entry}</p:sldIdLst>`);
  else pres = pres.replace(/(<\/p:sldMasterIdLst>|<\/p:notesMasterIdLst>|<\/p:handoutMasterIdLst>)(?![\s\S]*(<\/p:notesMasterIdLst>|<\/p:handoutMasterIdLst>))/, `$1<p:sldIdLst>${entry}</p:sldIdLst>`);
  zip.file(main, pres);
  await addOverride(zip, slide, 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml');
  return save(zip);
}

// ---------------------------------------------------------------------------------------------

/** "Next steps" as a heading and two bulleted paragraphs at the end of the body, in the document's styles. */
export async function idealWord(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const main = await mainPart(zip);
  const mainRels = relsOf(main);
  const dir = path.posix.dirname(main);
  const relTarget = async (type: string) => {
    const rels = zip.file(mainRels) ? await text(zip, mainRels) : '';
    const m = new RegExp(`<Relationship\\b[^>]*Type="[^"]*/${type}"[^>]*>`).exec(rels);
    return m ? path.posix.join(dir, /Target="([^"]+)"/.exec(m[0])![1]) : null;
  };
  const stylesPart = await relTarget('styles');
  let styles = stylesPart ? await text(zip, stylesPart) : '';
  const styleIdByName = (name: RegExp) => {
    for (const m of styles.matchAll(/<w:style\b[^>]*w:styleId="([^"]+)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
      const n = /<w:name w:val="([^"]+)"/.exec(m[2])?.[1];
      if (n && name.test(n)) return m[1];
    }
    return null;
  };
  let heading = styleIdByName(/^heading 1$/i);
  if (!heading) {
    // No heading style: add one, based on the document's default paragraph style, with no font of its own.
    heading = 'Heading1';
    const paragraphStyles = [...styles.matchAll(/<w:style\b[^>]*>/g)].map((m) => m[0]).filter((t) => /w:type="paragraph"/.test(t));
    const normal = /w:styleId="([^"]+)"/.exec(paragraphStyles.find((t) => /w:default="(1|true)"/.test(t)) ?? paragraphStyles[0] ?? '')?.[1];
    styles = styles.replace('</w:styles>', `<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>${normal ? `<w:basedOn w:val="${normal}"/>` : ''}<w:next w:val="${normal ?? 'Normal'}"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="60"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style></w:styles>`);
    zip.file(stylesPart!, styles);
  }
  // Bullets: the document's own "List Bullet" style when it has one, else a bullet list definition (added if needed).
  const listStyle = styleIdByName(/^list bullet$/i);
  let listPPr = listStyle ? `<w:pStyle w:val="${listStyle}"/>` : '';
  if (!listStyle) {
    let numberingPart = await relTarget('numbering');
    let numbering = numberingPart ? await text(zip, numberingPart) : null;
    let numId = numbering ? (() => {
      for (const a of numbering.matchAll(/<w:abstractNum\b[^>]*w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
        if (/<w:lvl w:ilvl="0"[^>]*>[\s\S]*?<w:numFmt w:val="bullet"/.test(a[2])) {
          const num = new RegExp(`<w:num w:numId="(\\d+)"[^>]*>\\s*<w:abstractNumId w:val="${a[1]}"`).exec(numbering)?.[1];
          if (num) return num;
        }
      }
      return null;
    })() : null;
    if (!numId) {
      const absIds = numbering ? [...numbering.matchAll(/w:abstractNumId="(\d+)"/g)].map((m) => Number(m[1])) : [];
      const numIds = numbering ? [...numbering.matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => Number(m[1])) : [];
      const abs = Math.max(-1, ...absIds) + 1;
      numId = String(Math.max(0, ...numIds) + 1);
      const def = `<w:abstractNum w:abstractNumId="${abs}"><w:multiLevelType w:val="hybridMultilevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\u2022"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>`;
      const num = `<w:num w:numId="${numId}"><w:abstractNumId w:val="${abs}"/></w:num>`;
      if (numbering) {
        // abstractNum elements come before num elements.
        const firstNum = numbering.search(/<w:num\b/);
        numbering = firstNum >= 0 ? `${numbering.slice(0, firstNum)}${def}${numbering.slice(firstNum)}` : numbering.replace('</w:numbering>', `${def}</w:numbering>`);
        numbering = numbering.replace('</w:numbering>', `${num}</w:numbering>`);
      } else {
        numberingPart = path.posix.join(dir, 'numbering.xml');
        numbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${def}${num}</w:numbering>`;
        await addRel(zip, mainRels, `${REL}/numbering`, 'numbering.xml');
        await addOverride(zip, numberingPart, 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml');
      }
      zip.file(numberingPart!, numbering);
    }
    const listParagraph = styleIdByName(/^list paragraph$/i);
    listPPr = `${listParagraph ? `<w:pStyle w:val="${listParagraph}"/>` : ''}<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr>`;
  }
  let doc = await text(zip, main);
  const at = doc.lastIndexOf('<w:sectPr', doc.lastIndexOf('</w:body>'));
  const insertAt = at >= 0 && /^<w:sectPr\b[\s\S]*<\/w:sectPr>\s*<\/w:body>/.test(doc.slice(at)) ? at : doc.lastIndexOf('</w:body>');
  const p = (pPr: string, t: string) => `<w:p><w:pPr>${pPr}</w:pPr><w:r><w:t>${t}</w:t></w:r></w:p>`;
  doc = `${doc.slice(0, insertAt)}${p(`<w:pStyle w:val="${heading}"/>`, 'Next steps')}${p(listPPr, 'sign contract')}${p(listPPr, 'schedule kickoff')}${doc.slice(insertAt)}`;
  zip.file(main, doc);
  return save(zip);
}

// ---------------------------------------------------------------------------------------------

/** A sheet "Notes" at the end with "Reviewed" in A1 (an inline string: sharedStrings stays as it is), in the workbook's own namespaces (transitional or Strict). */
export async function idealExcel(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const main = await mainPart(zip);
  let wb = await text(zip, main);
  const strict = wb.includes('http://purl.oclc.org/ooxml/spreadsheetml/main');
  const ns = strict ? 'http://purl.oclc.org/ooxml/spreadsheetml/main' : 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = strict ? 'http://purl.oclc.org/ooxml/officeDocument/relationships' : REL;
  const sheet = nextFree(zip, (n) => `xl/worksheets/sheet${n}.xml`);
  zip.file(sheet, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${ns}" xmlns:r="${rel}">`
    + '<dimension ref="A1"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Reviewed</t></is></c></row></sheetData></worksheet>');
  const rid = await addRel(zip, relsOf(main), `${rel}/worksheet`, path.posix.relative(path.posix.dirname(main), sheet));
  const sheetIds = [...wb.matchAll(/<(?:\w+:)?sheet\b[^>]*\bsheetId="(\d+)"/g)].map((m) => Number(m[1]));
  const prefix = /<(\w+:)?sheets>/.exec(wb)?.[1] ?? '';
  wb = wb.replace(`</${prefix}sheets>`, `<${prefix}sheet xmlns:r="${rel}" name="Notes" sheetId="${Math.max(0, ...sheetIds) + 1}" r:id="${rid}"/></${prefix}sheets>`);
  zip.file(main, wb);
  await addOverride(zip, sheet, 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml');
  return save(zip);
}

export const IDEAL = { slides: idealSlides, word: idealWord, excel: idealExcel };
