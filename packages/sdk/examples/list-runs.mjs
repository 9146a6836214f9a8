// Walks every run of the organization, newest first, across pages.
import { Folio } from '@folio/sdk';

const folio = new Folio();
for await (const run of folio.runs.list({ limit: 50 })) {
  console.log(run.run_id, run.format, run.status, run.file_name ?? '');
}
