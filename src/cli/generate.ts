// `folio generate slides|word|excel "<prompt>"`: uploads the files it names (--init, --data, --context,
// --logo), builds the generate body (runs.schemas.ts GenerateBody), starts the task through the SDK and
// follows it with live progress (follow.ts); --async prints the task instead, --ask prints the answer.
import fs from 'node:fs';
import path from 'node:path';
import { clientOf, ExitCode, io, parse, printJson, UsageError } from './common.ts';
import { followTask } from './follow.ts';
import type { Folio, GenerateBody } from './sdk.ts';

const FORMATS = ['slides', 'word', 'excel'] as const;
type Format = (typeof FORMATS)[number];
const DATA_KINDS: Record<string, string> = { '.csv': 'csv', '.xlsx': 'xlsx', '.xlsm': 'xlsx', '.json': 'json' };

export const GENERATE_USAGE = `Usage: folio generate slides|word|excel "<prompt>" [options]

Makes (or, with --run, edits) a document and saves it. On a terminal a live progress bar shows the
phase and the agent's steps; Ctrl-C asks whether to cancel the task. When done it prints the run id,
the saved path and the edit URL.

Options:
  -o, --output <path>     Where to save the document (a file, or a directory; default: the run's file name, here).
  --init <file>           Start from this .docx/.xlsx/.pptx (uploaded first).
  --data <file>           A data source, .csv, .xlsx or .json (uploaded first). Repeatable.
  --context <file>        Reference material the agent may read (uploaded first). Repeatable.
  --template <id>         Make the document in this template's design (POST /templates).
  --brand-color <#hex>    Brand primary colour, #RGB or #RRGGBB.
  --font <name>           Brand font.
  --logo <file|url>       Brand logo: an image file (uploaded to /images) or an http(s) URL.
  --run <run_id>          Resume this run: edit its document.
  --file-name <name>      Name of the produced file.
  --ask                   Ask a question about the document (--run or --init) instead of changing it.
  --async                 Start the task and print its id without waiting.`;

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  init: { type: 'string' },
  data: { type: 'string', multiple: true },
  context: { type: 'string', multiple: true },
  template: { type: 'string' },
  'brand-color': { type: 'string' },
  font: { type: 'string' },
  logo: { type: 'string' },
  run: { type: 'string' },
  'file-name': { type: 'string' },
  ask: { type: 'boolean' },
  async: { type: 'boolean' },
} as const;

export async function generate(args: string[]): Promise<void> {
  const p = parse(args, OPTIONS, GENERATE_USAGE, [2, 2]);
  if (!p) return;
  const [format, prompt] = p.positionals as [Format, string];
  const v = p.values;
  if (!FORMATS.includes(format)) throw new UsageError(`The format must be slides, word or excel, not "${format}".\n\n${GENERATE_USAGE}`);
  if (!prompt.trim()) throw new UsageError('The prompt is empty.');
  if (v.ask && v.async) throw new UsageError('--ask and --async do not go together.');
  if (v.ask && v.output) throw new UsageError('--ask answers a question and saves nothing: drop -o.');
  if (v['brand-color'] !== undefined && !/^#(?:[0-9A-Fa-f]{3}){1,2}$/.test(v['brand-color'])) throw new UsageError('--brand-color must be #RGB or #RRGGBB, e.g. "#0A7F5A".');
  const logoIsUrl = v.logo !== undefined && /^https?:\/\//.test(v.logo);
  const files: string[] = [...(v.init ? [v.init] : []), ...(v.data ?? []), ...(v.context ?? []), ...(v.logo && !logoIsUrl ? [v.logo] : [])];
  for (const file of files) if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`No such file: ${file}`);
  for (const file of v.data ?? []) if (!DATA_KINDS[path.extname(file).toLowerCase()]) throw new UsageError(`--data takes .csv, .xlsx or .json files, not ${file}`);

  const client = await clientOf(v);
  const body = await buildBody(client, prompt, v, logoIsUrl);
  const documents = client[format];

  if (v.ask) {
    const answer = await documents.ask(body);
    if (v.json) return printJson(answer);
    io.out(answer.summary);
    for (const c of answer.answer?.citations ?? []) io.out(`  - ${c.label}`);
    io.out(`Run:   ${answer.run_id}`);
    return;
  }

  const accepted = await documents.generateAsync(body);
  if (v.async) {
    if (v.json) return printJson(accepted);
    io.out(`Started task ${accepted.task_id} (run ${accepted.run_id}), status ${accepted.status}.\n  Follow it:  folio tasks wait ${accepted.task_id}\n  Then:       folio runs show ${accepted.run_id}`);
    return;
  }
  if (!v.json) process.stderr.write(`Task ${accepted.task_id} (run ${accepted.run_id})\n`);
  const code = await followTask(client, accepted.task_id, { json: Boolean(v.json), output: v.output });
  if (code !== 0) throw new ExitCode(code);
}

async function buildBody(client: Folio, prompt: string, v: Record<string, any>, logoIsUrl: boolean): Promise<GenerateBody> {
  const body: Record<string, unknown> = { prompt };
  if (v.run) body.run_id = v.run;
  if (v.template) body.template_id = v.template;
  if (v['file-name']) body.file_name = v['file-name'];
  if (v.init) body.init_file = (await client.files.upload(v.init, { purpose: 'init' })).file_id;
  if (v.data?.length) {
    body.data_sources = [];
    for (const file of v.data as string[]) {
      const stored = await client.files.upload(file, { purpose: 'data' });
      (body.data_sources as unknown[]).push({ file_id: stored.file_id, kind: DATA_KINDS[path.extname(file).toLowerCase()] });
    }
  }
  if (v.context?.length) {
    body.context_files = [];
    for (const file of v.context as string[]) (body.context_files as string[]).push((await client.files.upload(file, { purpose: 'context' })).file_id);
  }
  const brand: Record<string, string> = {};
  if (v['brand-color']) brand.primary_color = v['brand-color'];
  if (v.font) brand.font = v.font;
  if (v.logo && logoIsUrl) brand.logo_url = v.logo;
  else if (v.logo) {
    // Logos are images (POST /images), which the SDK has no helper for: its typed escape hatch.
    const form = new FormData();
    form.append('file', await fs.openAsBlob(v.logo), path.basename(v.logo));
    brand.logo_image_id = (await client.request<{ image_id: string }>('POST', '/images', { form: () => form })).image_id;
  }
  if (Object.keys(brand).length) body.brand = brand;
  return body as GenerateBody;
}
