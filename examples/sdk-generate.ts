// A deck with the TypeScript SDK: generate it with live progress, save it, ask a question about it.
//   FOLIO_API_KEY=sk_live_... [FOLIO_BASE_URL=http://localhost:8080] node examples/sdk-generate.ts
// This file imports the SDK from this repository's sources so that it runs as is (Node 22.18+ runs
// TypeScript directly); in your own project, `npm install` the SDK package and import from '@folio/sdk'.
import { Folio, FolioError } from '../packages/sdk/src/index.ts';

const folio = new Folio(); // reads FOLIO_API_KEY and FOLIO_BASE_URL
try {
  const run = await folio.slides.generate(
    { prompt: 'A 4-slide deck on our hiring plan for 2027: two engineers, one designer, one account manager' },
    { onProgress: (event) => { if (event.type === 'progress') console.log(`progress: ${event.data.phase ?? event.data.status}`); } },
  );
  console.log(`run ${run.run_id}: ${run.file_name} (${run.status})`);
  console.log(`saved ${await run.download('hiring.pptx')}`);
  const answer = await folio.slides.ask({ run_id: run.run_id, prompt: 'How many slides are there?' });
  console.log(`asked: ${answer.summary}`);
} catch (err) {
  if (err instanceof FolioError) console.error(`Folio answered ${err.status} ${err.code}: ${err.message}`);
  throw err;
}
