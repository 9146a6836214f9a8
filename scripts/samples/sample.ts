// What a gallery sample is, and how one is built: through the format adapter's own tools, either with
// the calls a model would make (`calls`) or with the builtin engine's plan for the prompt. Every call
// must succeed, so a sample that stops matching the tools fails loudly.
import fs from 'node:fs';
import path from 'node:path';
import { startFromTemplate } from '../../src/templates/template-documents.ts';
import { AgentToolbox, coreTools } from '../../src/documents/agent/agent-toolbox.ts';
import type { AnyFormatAdapter, BrandInput, ContextFile, DataTable, ImageInput, PlannedToolCall, ResolvedInputs } from '../../src/documents/agent/format-adapter.ts';

export interface Sample {
  /** File stem in samples/, e.g. `word-business-report`. */
  name: string;
  /** One line for the gallery page. */
  description: string;
  prompt: string;
  contextFiles?: ContextFile[];
  dataSources?: DataTable[];
  images?: ImageInput[];
  brand?: BrandInput | null;
  /** The tool calls a model would make; without them, the builtin engine's plan for the prompt is used. */
  calls?: PlannedToolCall[];
  /** An organization template (a corpus file, relative to the repository) the document is made in, as `template_id` does. */
  template?: string;
}

export function image(id: string, fileName: string, bytes: Buffer, width: number, height: number, caption: string | null = null): ImageInput {
  return { image_id: id, file_name: fileName, content_type: 'image/png', bytes, width, height, caption, tags: [] };
}

export function contextFile(ref: number, fileName: string, text: string): ContextFile {
  return { file_id: `file_sample${ref}`, file_name: fileName, content_type: 'text/plain', text, truncated: false, ref };
}

export async function buildSample(adapter: AnyFormatAdapter, sample: Sample): Promise<{ bytes: Buffer; summary: string }> {
  const inputs: ResolvedInputs = { contextFiles: sample.contextFiles ?? [], dataSources: sample.dataSources ?? [], images: sample.images ?? [], brand: sample.brand ?? null };
  const doc = sample.template
    ? startFromTemplate(adapter.format, fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', sample.template)), false).doc
    : adapter.create();
  const changes: string[] = [];
  let summary = '';
  const box = new AgentToolbox([
    ...coreTools({ outline: () => adapter.outline(doc), finish: (s) => { summary = s; } }),
    ...adapter.tools({ doc, inputs, mode: 'action', noteChange: (c) => changes.push(c) }),
  ], (tool, err) => { throw new Error(`${sample.name}: ${tool} failed`, { cause: err }); });
  const plan = sample.calls ? { calls: sample.calls, summary: '' } : adapter.plan({ prompt: sample.prompt, mode: 'action', editing: false }, doc, inputs);
  for (const call of plan.calls) {
    const result = await box.call(call.tool, call.args);
    if (result.isError) throw new Error(`${sample.name}: ${call.tool} answered an error: ${String(result.output)}`);
  }
  return { bytes: await adapter.render(doc, { brand: inputs.brand }), summary: summary || plan.summary || changes.join('; ') };
}
