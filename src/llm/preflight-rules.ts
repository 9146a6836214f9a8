// Content checks of a generation request, run by POST /preflight and by the generation endpoints
// before anything is queued. They read the prompt with fixed rules (deterministic, no model call,
// no cost) and refuse what no agent could do as asked: a prompt that relies on images or files that
// were not attached, audio or video.
import type { Format } from '../config.ts';
import { AppError } from '../errors.ts';
import type { GenerateRequest } from '../runs/runs.schemas.ts';

export interface PreflightProblem {
  loc: (string | number)[];
  type: string;
  msg: string;
}

const MEDIA = '(?:images?|photos?|photographs?|pictures?|screenshots?|headshots?|illustrations?)';
const FILES = '(?:files?|documents?|docs?|spreadsheets?|workbooks?|sheets?|csvs?|pdfs?|decks?|presentations?|reports?|data(?:sets?)?|attachments?)';
const GAP = '(?:[\\w-]+\\s+){0,3}';
// Up to three words, none of them an image word: "the attached photos of the report" is about photos.
const FILE_GAP = `(?:(?!${MEDIA}\\b)[\\w-]+\\s+){0,3}`;

const NEEDS_IMAGES = [
  new RegExp(`\\b(?:attached|uploaded|provided|enclosed|supplied|included|following|my|our|these|those)\\s+${GAP}${MEDIA}\\b`, 'i'),
  new RegExp(`\\b(?:with|include|including|add|insert|use|using|embed|place|put|show)\\s+${GAP}${MEDIA}\\b`, 'i'),
];
const NEEDS_LOGO = /\b(?:our|my|the company'?s?|the brand'?s?|company|brand|client'?s?)\s+logo\b/i;
const NEEDS_FILES = [
  new RegExp(`\\b(?:attached|uploaded|enclosed|supplied|provided)\\s+${FILE_GAP}${FILES}\\b`, 'i'),
  /\b(?:see|per|from|in|using)\s+(?:the\s+)?attachments?\b/i,
];
const UNSUPPORTED = /\b(?:generate|create|make|produce|record|add|include|embed|insert)\s+(?:a|an|the|some)?\s*(?:short\s+)?(videos?|audio|voice-?overs?|soundtracks?|music|animations?|animated gifs?|podcasts?)\b/i;

/** The problems of a request's content (empty: fine). */
export function contentProblems(format: Format, body: GenerateRequest): PreflightProblem[] {
  const prompt = body.prompt ?? '';
  const problems: PreflightProblem[] = [];
  const images = body.image_assets?.length ?? 0;
  const hasLogo = Boolean(body.brand?.logo_url || body.brand?.logo_image_id);
  if (images === 0 && NEEDS_IMAGES.some((re) => re.test(prompt))) {
    problems.push({ loc: ['body', 'prompt'], type: 'missing_images', msg: 'The prompt relies on images, but image_assets is empty: upload them with POST /images and list them in image_assets.' });
  }
  if (images === 0 && !hasLogo && NEEDS_LOGO.test(prompt)) {
    problems.push({ loc: ['body', 'prompt'], type: 'missing_logo', msg: 'The prompt asks for a logo, but none is given: set brand.logo_image_id (POST /images) or brand.logo_url.' });
  }
  const files = (body.context_files?.length ?? 0) + (body.data_sources?.length ?? 0) + (body.init_file ? 1 : 0);
  if (files === 0 && NEEDS_FILES.some((re) => re.test(prompt))) {
    problems.push({ loc: ['body', 'prompt'], type: 'missing_files', msg: 'The prompt refers to attached files, but none are given: upload them with POST /files and list them in context_files, data_sources or init_file.' });
  }
  const media = UNSUPPORTED.exec(prompt);
  if (media) {
    problems.push({ loc: ['body', 'prompt'], type: 'unsupported_media', msg: `Folio makes text and static visuals only; it cannot produce ${media[1].toLowerCase()}.` });
  }
  // A deck of more than 30 slides is not refused here: see formatNotices.
  return problems;
}

export const SLIDES_PER_CALL = 30;
const SLIDE_COUNT = /\b(\d{1,4})[\s-]*(?:slides?|pages?)\b/i;

/**
 * Format rules that shape what one call makes without refusing it. Slides: a request for more than 30
 * slides (by its outline or a "N slides" prompt) makes the first 30; the summary says how to continue.
 */
export function formatNotices(format: Format, body: GenerateRequest & { outline?: { slides?: unknown[] } }): string[] {
  if (format !== 'slides') return [];
  const asked = body.outline?.slides?.length ?? Number(SLIDE_COUNT.exec(body.prompt ?? '')?.[1] ?? 0);
  if (asked <= SLIDES_PER_CALL) return [];
  return [`The request asks for ${asked} slides; one call makes at most ${SLIDES_PER_CALL}. This call would make the first ${SLIDES_PER_CALL}, and its summary says how to add the rest by calling again with its run_id.`];
}

const MISSING: Record<string, string> = { missing_images: 'images', missing_logo: 'logo', missing_files: 'files' };

/** What a list of problems says is missing, e.g. `["images"]`. */
export function missingOf(problems: PreflightProblem[]): string[] {
  return [...new Set(problems.map((p) => MISSING[p.type]).filter((m): m is string => Boolean(m)))];
}

/** Throws 400 preflight_failed listing every problem (and `missing`) when the content cannot be fulfilled. */
export function assertContentFulfillable(format: Format, body: GenerateRequest): void {
  const problems = contentProblems(format, body);
  if (!problems.length) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new AppError('preflight_failed', `${problems[0].msg}${more}`, { body: { missing: missingOf(problems), problems } });
}
