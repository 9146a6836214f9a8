// The twelve slide layouts, in the order the engine expects them. Each is data: its PowerPoint type,
// the decoration drawn on it, its placeholders (with the specimen's sample text) and its logo spot.
// Content layouts keep the master's top band and footer rule; statement layouts (title, section,
// closing) hide them and paint the statement colour with a deeper panel and accent rules instead.
import { COLOR, SLIDE_H, SLIDE_W, type Box, type Decoration, type Para } from './drawing.ts';
import {
  accentRule, BODY_BOX, captionPh, COLUMN_W, contentPh, footerPhs, HEADING_H, LOGO, MARGIN_X, plain, RIGHT_X,
  titlePh, withCaption, type PlaceholderSpec,
} from './placeholders.ts';
import { QUOTE_MARK_GEOMETRY } from './quote-mark.ts';

export interface LayoutSpec {
  name: string;
  type: 'title' | 'secHead' | 'obj' | 'twoObj' | 'twoTxTwoObj' | 'titleOnly' | 'chart' | 'tbl' | 'picTx' | 'cust' | 'blank';
  /** Background: the canvas from the master, the statement colour, or the panel colour. */
  background: 'master' | 'statement' | 'panel';
  /** false: the master's band and footer rule are hidden (statement slides). */
  showMasterShapes: boolean;
  decoration: Decoration[];
  placeholders: PlaceholderSpec[];
  logo: Box | null;
}

// ---- statement slides: title, section, closing

const PANEL_W = 3.2;
const STATEMENT_X = 0.7;
const STATEMENT_TEXT_W = SLIDE_W - PANEL_W - STATEMENT_X - 0.6;

/** The title slide's signature: a deeper block on the right with an accent stripe along its edge. */
const RIGHT_PANEL: Decoration[] = [
  { name: 'Statement Panel', box: { x: SLIDE_W - PANEL_W, y: 0, w: PANEL_W, h: SLIDE_H }, fill: COLOR.statementDeep },
  { name: 'Accent Stripe', box: { x: SLIDE_W - PANEL_W, y: 0, w: 0.12, h: SLIDE_H }, fill: COLOR.accent },
];

const statementTitle = (size: number) => plain({ size, bold: true, color: COLOR.onStatement, font: '+mj-lt' }, { lineSpacing: 0.95, spaceBefore: 0 });
const statementSubtitle = (size: number) => plain({ size, color: COLOR.onStatementMuted, font: '+mn-lt' }, { lineSpacing: 1.05, spaceBefore: 0 });

function titleSlide(): LayoutSpec {
  const top = 1.75;
  const ruleY = top + 2.53;
  return {
    name: 'Title Slide', type: 'title', background: 'statement', showMasterShapes: false,
    decoration: [...RIGHT_PANEL, accentRule(STATEMENT_X + 0.02, ruleY, 1.3)],
    placeholders: [
      titlePh({ x: STATEMENT_X, y: top, w: STATEMENT_TEXT_W, h: 2.3 }, { type: 'ctrTitle', levels: statementTitle(46), sample: [{ text: 'Quarterly Business Review' }] }),
      {
        name: 'Subtitle 2', type: 'subTitle', idx: 1, box: { x: STATEMENT_X, y: ruleY + 0.27, w: STATEMENT_TEXT_W, h: 1.5 },
        body: { anchor: 't', inset: 0 }, levels: statementSubtitle(20), prompt: [{ text: 'Click to edit Master subtitle style' }],
        sample: [{ text: 'Q2 2026 \u00B7 Prepared for the leadership team' }],
      },
    ],
    logo: LOGO.statement,
  };
}

function sectionHeader(): LayoutSpec {
  const x = 4.9;
  const w = SLIDE_W - x - 0.63;
  return {
    name: 'Section Header', type: 'secHead', background: 'statement', showMasterShapes: false,
    decoration: [
      { name: 'Section Panel', box: { x: 0, y: 0, w: 4.3, h: SLIDE_H }, fill: COLOR.statementDeep },
      accentRule(x + 0.02, 4.22, 0.9, 0.06),
    ],
    placeholders: [
      titlePh({ x, y: 1.9, w, h: 2.2 }, { levels: statementTitle(40), sample: [{ text: 'Usage and growth' }] }),
      {
        name: 'Text Placeholder 2', type: 'body', idx: 1, box: { x, y: 4.47, w, h: 1.5 },
        body: { anchor: 't', inset: 0 }, levels: statementSubtitle(18), prompt: [{ text: 'Click to edit Master text styles' }],
        sample: [{ text: 'Monthly active users by platform, January to June' }],
      },
      {
        name: 'Section Number', type: 'body', idx: 13, box: { x: STATEMENT_X, y: 2.3, w: 3.2, h: 1.9 }, customPrompt: true,
        body: { anchor: 'b', inset: 0 }, levels: plain({ size: 96, bold: true, color: COLOR.accent, font: '+mj-lt' }, { lineSpacing: 0.9, spaceBefore: 0 }),
        prompt: [{ text: '01' }], sample: [{ text: '01' }],
      },
    ],
    logo: LOGO.statement,
  };
}

function closing(): LayoutSpec {
  const top = 1.2;
  const ruleY = top + 2.53;
  const listY = ruleY + 1.1;
  return {
    name: 'Closing', type: 'cust', background: 'statement', showMasterShapes: false,
    decoration: [...RIGHT_PANEL, accentRule(STATEMENT_X + 0.02, ruleY, 1.3)],
    placeholders: [
      titlePh({ x: STATEMENT_X, y: top, w: STATEMENT_TEXT_W, h: 2.3 }, { levels: statementTitle(40), sample: [{ text: 'Thank you' }] }),
      {
        name: 'Text Placeholder 2', type: 'body', idx: 1, box: { x: STATEMENT_X, y: ruleY + 0.27, w: STATEMENT_TEXT_W, h: 0.75 },
        body: { anchor: 't', inset: 0 }, levels: statementSubtitle(20), prompt: [{ text: 'Subtitle or contact' }], customPrompt: true,
        sample: [{ text: 'Questions and discussion \u00B7 folio@example.com' }],
      },
      {
        name: 'Next Steps', type: 'body', idx: 2, box: { x: STATEMENT_X, y: listY, w: STATEMENT_TEXT_W, h: 7.0 - listY }, customPrompt: true,
        body: { anchor: 't', inset: [0, 0.04, 0, 0.04] },
        levels: [
          { spaceBefore: 8, bullet: { char: '\u2022', color: COLOR.accent }, run: { size: 22, color: COLOR.onStatement } },
          { spaceBefore: 4, bullet: { char: '\u2013', color: COLOR.accent }, run: { size: 18, color: COLOR.onStatementMuted } },
        ],
        prompt: [{ text: 'Next steps' }, { text: 'Details', level: 1 }],
        sample: [{ text: 'Approve the Q3 hiring plan' }, { text: 'Six roles, two of them in sales', level: 1 }, { text: 'Fund the onboarding revamp' }],
      },
    ],
    logo: LOGO.statement,
  };
}

// ---- content slides

const CONTENT_RULE = accentRule(MARGIN_X, 1.4);

function content(name: string, type: LayoutSpec['type'], placeholders: PlaceholderSpec[], title: Para[]): LayoutSpec {
  return {
    name, type, background: 'master', showMasterShapes: true, decoration: [CONTENT_RULE],
    placeholders: [titlePh(undefined, { sample: title }), ...placeholders, ...footerPhs()],
    logo: LOGO.content,
  };
}

const BULLETS: Para[] = [
  { text: 'Revenue reached $4.6M, up 15% on Q2 2025' },
  { text: 'SMB churn rose to 4.1% this quarter' },
  { text: 'Concentrated in accounts under $5k ARR', level: 1 },
  { text: 'Onboarding revamp ships in August', level: 1 },
  { text: 'Three new regions live: Nordics, Iberia and Benelux' },
];

function twoContent(): LayoutSpec {
  return content('Two Content', 'twoObj', [
    contentPh('Content Placeholder 2', 1, { ...BODY_BOX, w: COLUMN_W }, { sz: 'half', panel: true, sample: [{ text: 'Protects focus blocks automatically' }, { text: 'Suggests the best slot for every invite' }, { text: 'Across time zones', level: 1 }] }),
    contentPh('Content Placeholder 3', 2, { ...BODY_BOX, x: RIGHT_X, w: COLUMN_W }, { sz: 'half', panel: true, sample: [{ text: 'Moves low-priority meetings when plans change' }, { text: 'Works with Google and Microsoft calendars' }] }),
  ], [{ text: 'What Aurora does' }]);
}

function heading(name: string, idx: number, x: number, text: string): PlaceholderSpec {
  return {
    name, type: 'body', sz: 'half', idx, box: { x, y: BODY_BOX.y, w: COLUMN_W, h: HEADING_H },
    body: { anchor: 'b', inset: 0 }, levels: plain({ size: 18, bold: true, color: COLOR.heading, font: '+mj-lt' }, { spaceBefore: 0 }),
    prompt: [{ text: 'Click to edit Master text styles' }], sample: [{ text }],
  };
}

function comparison(): LayoutSpec {
  const y = BODY_BOX.y + HEADING_H + 0.1;
  const box = (x: number): Box => ({ x, y, w: COLUMN_W, h: BODY_BOX.y + BODY_BOX.h - y });
  return content('Comparison', 'twoTxTwoObj', [
    heading('Text Placeholder 2', 1, MARGIN_X, 'Before Folio'),
    contentPh('Content Placeholder 3', 2, box(MARGIN_X), { sz: 'half', panel: true, sample: [{ text: 'Three days to close the month' }, { text: 'Numbers copied by hand', level: 1 }, { text: 'Decks rebuilt every quarter' }] }),
    heading('Text Placeholder 4', 3, RIGHT_X, 'With Folio'),
    contentPh('Content Placeholder 5', 4, box(RIGHT_X), { sz: 'half', panel: true, sample: [{ text: 'One morning to close the month' }, { text: 'Figures straight from the warehouse', level: 1 }, { text: 'Decks refreshed on demand' }] }),
  ], [{ text: 'Month-end reporting, before and after' }]);
}

function areaLayout(name: string, type: 'chart' | 'tbl' | 'picTx', phType: 'chart' | 'tbl' | 'pic', phName: string, title: string): LayoutSpec {
  const { area, caption } = withCaption(BODY_BOX);
  const label = { chart: 'chart area', tbl: 'table area', pic: 'picture area' }[phType];
  return content(name, type, [
    { name: phName, type: phType, idx: 1, box: area, body: { anchor: 't', inset: [0.08, 0.04, 0.08, 0.04] }, levels: [], prompt: [], area: label },
    captionPh(2, caption, phType === 'pic' ? 'ctr' : 'l'),
  ], [{ text: title }]);
}

function quote(): LayoutSpec {
  const x = 2.4;
  return {
    name: 'Quote', type: 'cust', background: 'panel', showMasterShapes: true,
    decoration: [
      accentRule(x, 1.2),
      { name: 'Quote Mark', box: { x: 0.66, y: 1.98, w: 1.05, h: 0.6 }, custom: QUOTE_MARK_GEOMETRY, fill: COLOR.accent },
    ],
    placeholders: [
      titlePh({ x, y: 0.55, w: 8.7, h: 0.6 }, {
        body: { anchor: 't', inset: 0 }, levels: plain({ size: 20, bold: true, color: COLOR.muted, font: '+mj-lt' }), sample: [{ text: 'From the beta' }],
      }),
      {
        name: 'Quote', type: 'body', idx: 1, box: { x, y: 1.35, w: 9.6, h: 3.9 }, customPrompt: true,
        body: { anchor: 'ctr', inset: 0 }, levels: plain({ size: 36, italic: true, color: COLOR.text, font: '+mj-lt' }, { lineSpacing: 1.1, spaceBefore: 0 }),
        prompt: [{ text: 'Quote' }],
        sample: [{ text: 'Folio cut our month-end reporting from three days to one morning. We did not notice the work move; we noticed it get done.' }],
      },
      {
        name: 'Attribution', type: 'body', idx: 2, box: { x, y: 5.45, w: 9.6, h: 0.6 }, customPrompt: true,
        body: { anchor: 't', inset: 0 }, levels: plain({ size: 18, bold: true, color: COLOR.heading, font: '+mn-lt' }, { spaceBefore: 0 }),
        prompt: [{ text: 'Name, role' }], sample: [{ text: '\u2014 Maria Lopes, Head of Finance' }],
      },
      ...footerPhs(),
    ],
    logo: LOGO.content,
  };
}

export function layouts(): LayoutSpec[] {
  return [
    titleSlide(),
    sectionHeader(),
    content('Title and Content', 'obj', [contentPh('Content Placeholder 2', 1, BODY_BOX, { sample: BULLETS })], [{ text: 'Highlights of the quarter' }]),
    twoContent(),
    comparison(),
    content('Title Only', 'titleOnly', [], [{ text: 'A slide with a title only' }]),
    areaLayout('Chart', 'chart', 'chart', 'Chart Placeholder 2', 'Revenue and operating cost by quarter'),
    areaLayout('Table', 'tbl', 'tbl', 'Table Placeholder 2', 'Regional sales, Q1 to Q2'),
    areaLayout('Picture with Caption', 'picTx', 'pic', 'Picture Placeholder 2', 'Built by a team in five time zones'),
    quote(),
    closing(),
    { name: 'Blank', type: 'blank', background: 'master', showMasterShapes: true, decoration: [], placeholders: footerPhs(), logo: LOGO.content },
  ];
}
