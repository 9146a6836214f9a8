// Makes a deck with live progress, saves it, and exports a PDF next to it.
//   FOLIO_API_KEY=sk_live_... node examples/generate-deck.mjs "A 5-slide deck about our Q3 results"
import { Folio } from '@folio/sdk';

const folio = new Folio(); // FOLIO_API_KEY and FOLIO_BASE_URL (default http://localhost:8080)
const prompt = process.argv[2] ?? 'A 5-slide deck introducing Folio to a new team';

const run = await folio.slides.generate({ prompt }, {
  onProgress: (event) => {
    if (event.type === 'progress') console.log(`${event.data.phase ?? event.data.status} ${event.data.progress ?? ''}`);
    if (event.type === 'step') console.log(`  ${event.data.message}`);
  },
});
console.log(`run ${run.run_id}: saved ${await run.download('deck.pptx')}`);
const pdf = await run.export('pdf', { path: 'deck.pdf' });
console.log(`exported ${pdf.file_name} (${pdf.size} bytes); edit it at ${run.edit_url}`);
