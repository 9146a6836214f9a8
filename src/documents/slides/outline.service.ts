// POST /slides/outline: a titled outline of slides (layout, title, bullets, notes) for a prompt, with
// no file written. A provider model drafts it through the LLM layer in json_schema mode (accounted
// like any LLM call: budget, credits, usage record); with the builtin engine it is the builtin
// planner's deck, the same one POST /slides/generate would build, and costs nothing.
import type { KeyWithOrg } from '../../identity/api-keys.repository.ts';
import type { LlmModule } from '../../llm/llm.module.ts';
import type { ReferenceChecker } from '../../runs/references.ts';
import type { GenerateRequest } from '../../runs/runs.schemas.ts';
import type { ResolvedInputs } from '../agent/format-adapter.ts';
import type { InputResolver } from '../agent/input-resolver.ts';
import { lazyImport } from '../../infra/lazy.ts';
import { MAX_OUTLINE_SLIDES, SlidesOutline, slidesToOutline } from './outline.schemas.ts';
import type { OutlineRequest } from './outline-request.schemas.ts';

export interface OutlineResult {
  outline: SlidesOutline;
  model: string;
  credits: number;
  summary: string;
}

export interface SlidesOutlineDeps {
  llm: LlmModule;
  /** Checks that the files and images a request names exist (the storage module's tables). */
  references: ReferenceChecker;
  /** The document agents' input reader (src/documents/agent), loaded with the first outline. */
  resolver: () => Promise<InputResolver>;
}

function inputsText(inputs: ResolvedInputs): string {
  const lines: string[] = [];
  for (const t of inputs.dataSources) lines.push(`Data source "${t.name}": columns ${t.columns.join(', ')}; ${t.rows.length} rows; first rows: ${t.rows.slice(0, 5).map((r) => r.join(' | ')).join(' / ')}`);
  for (const i of inputs.images) lines.push(`Image ${i.image_id} "${i.file_name}"${i.caption ? `: ${i.caption}` : ''}`);
  for (const f of inputs.contextFiles) lines.push(`Context file [${f.ref}] "${f.file_name}":\n${f.text.slice(0, 20_000)}`);
  return lines.join('\n');
}

const SYSTEM = [
  'You plan slide decks. Answer with the outline of one deck as JSON: a title and the slides in order.',
  'Each slide: layout (title, section, bullets, two-column, chart, table, image, quote, closing), title, optional subtitle (title, section and closing slides), bullets (3 to 6 short points; for a quote slide the quote then its attribution), and notes (what the presenter says, 2 to 4 sentences; empty for title and section slides).',
  'Chart and table slides name their data source in data_source (and chart slides a chart_type: bar, line or pie); image slides name image_id. Use only the data sources and images listed.',
  'Start with a title slide and end with a closing slide. Never invent facts, figures, names or quotes: where the request lacks content, write a clearly marked placeholder such as "[Add Q3 revenue]".',
].join('\n');

// The deck planner holds the document engines (as the input reader does): loaded with the first outline.
const engine = lazyImport(async () => {
  const [{ planDeck }, { MAX_SLIDES_PER_CALL }, { requestedSlides }] = await Promise.all([
    import('./planner/deck-plan.ts'), import('./deck.ts'), import('./planner/prompt-outline.ts'),
  ]);
  return { planDeck, MAX_SLIDES_PER_CALL, requestedSlides };
});

export class SlidesOutlineService {
  private readonly d: SlidesOutlineDeps;

  constructor(deps: SlidesOutlineDeps) {
    this.d = deps;
  }

  async outline(key: KeyWithOrg, requestId: string, body: Omit<OutlineRequest, 'async'>, signal: AbortSignal): Promise<OutlineResult> {
    const chain = this.d.llm.service.chain(body.model ?? null);
    const request = { prompt: body.prompt, context_files: body.context_files, data_sources: body.data_sources, image_assets: body.image_assets } as GenerateRequest;
    await this.d.references.assertExist(key.org_id, request);
    const [{ planDeck, MAX_SLIDES_PER_CALL, requestedSlides }, resolver] = await Promise.all([engine(), this.d.resolver()]);
    const { inputs, notes } = await resolver.resolve(key.org_id, request);
    if (chain[0] === 'builtin') {
      const plan = planDeck(body.prompt, inputs);
      const outline = slidesToOutline(plan.slides[0]?.title || 'Untitled presentation', plan.slides.slice(0, MAX_OUTLINE_SLIDES));
      const placeholders = plan.placeholders ? ` ${plan.placeholders} slide${plan.placeholders === 1 ? ' has' : 's have'} bracketed placeholders to fill in.` : '';
      return { outline, model: 'builtin', credits: 0, summary: this.summary(outline, MAX_SLIDES_PER_CALL, `${placeholders} ${[...plan.remarks, ...notes].join(' ')}`) };
    }
    const wanted = requestedSlides(body.prompt);
    const user = [body.prompt, wanted ? `Make ${Math.min(wanted, MAX_OUTLINE_SLIDES)} slides.` : '', inputsText(inputs) ? `Inputs:\n${inputsText(inputs)}` : ''].filter(Boolean).join('\n\n');
    const checked = this.d.llm.compiler.check(JSON.parse(JSON.stringify(SlidesOutline)), []);
    if (!('compiled' in checked)) throw new Error('the outline schema does not compile');
    const answer = await this.d.llm.service.call({
      key, requestId, operation: 'slides.outline', model: body.model ?? null, mode: { type: 'json_schema', compiled: checked.compiled },
      messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: user }], signal,
    });
    const outline = answer.value as SlidesOutline;
    return { outline, model: answer.model, credits: answer.credits, summary: this.summary(outline, MAX_SLIDES_PER_CALL, notes.join(' ')) };
  }

  private summary(outline: SlidesOutline, MAX_SLIDES_PER_CALL: number, extra: string): string {
    const n = outline.slides.length;
    const calls = Math.ceil(n / MAX_SLIDES_PER_CALL);
    const build = calls > 1
      ? `Pass it as \`outline\` to POST /slides/generate: one call builds the first ${MAX_SLIDES_PER_CALL} slides, and ${calls - 1} more call${calls > 2 ? 's' : ''} with the run_id and the same outline add the rest.`
      : 'Pass it as `outline` to POST /slides/generate to build the deck.';
    return `An outline of ${n} slide${n === 1 ? '' : 's'} for "${outline.title}". ${build}${extra.trim() ? ` ${extra.trim()}` : ''}`;
  }
}
