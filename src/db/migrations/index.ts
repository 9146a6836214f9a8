// Numbered migrations, applied in order. Add new ones at the end; never edit an applied one.
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_identity.ts';
import * as m0002 from './0002_storage.ts';
import * as m0003 from './0003_runs.ts';
import * as m0005 from './0005_export.ts';
import * as m0006 from './0006_webhooks.ts';
import * as m0004 from './0004_llm.ts';
import * as m0007 from './0007_documents.ts';
import * as m0010 from './0010_projects.ts';
import * as m0011 from './0011_editor.ts';
import * as m0012 from './0012_titles_answers.ts';
import * as m0013 from './0013_agent_turn_events.ts';
import * as m0014 from './0014_templates.ts';
import * as m0015 from './0015_task_events.ts';
import * as m0016 from './0016_reference_purpose.ts';
import * as m0017 from './0017_credit_leases.ts';
import * as m0018 from './0018_console_sessions.ts';
import * as m0019 from './0019_template_purge.ts';
import * as m0020 from './0020_maintenance_passes.ts';

export const migrations: Record<string, Migration> = {
  '0001_identity': m0001,
  '0002_storage': m0002,
  '0003_runs': m0003,
  '0005_export': m0005,
  '0006_webhooks': m0006,
  '0004_llm': m0004,
  '0007_documents': m0007,
  '0010_projects': m0010,
  '0011_editor': m0011,
  '0012_titles_answers': m0012,
  '0013_agent_turn_events': m0013,
  '0014_templates': m0014,
  '0015_task_events': m0015,
  '0016_reference_purpose': m0016,
  '0017_credit_leases': m0017,
  '0018_console_sessions': m0018,
  '0019_template_purge': m0019,
  '0020_maintenance_passes': m0020,
};
