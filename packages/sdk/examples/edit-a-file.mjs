// Uploads a workbook, asks for a change, then asks a question about the result.
//   FOLIO_API_KEY=sk_live_... node examples/edit-a-file.mjs budget.xlsx
import { Folio } from '@folio/sdk';

const folio = new Folio();
const file = await folio.files.upload(process.argv[2] ?? 'budget.xlsx', { purpose: 'init' });
const run = await folio.excel.generate({ prompt: 'Add a sheet named Summary with the total per category', init_file: file.file_id });
const answer = await folio.excel.ask({ prompt: 'Which category costs the most?', run_id: run.run_id });
console.log(answer.summary);
await run.download('budget-edited.xlsx');
