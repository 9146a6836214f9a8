// `folio worker` with the scripted test agents installed: what a worker process of a deployment
// with real agents does, for tests that kill, stop and count worker processes.
import { loadConfig } from '../../src/config.ts';
import { parseConcurrency, runWorker } from '../../src/jobs/worker.cli.ts';
import { scriptedAgents } from './scripted-agent.ts';

const config = loadConfig();
await runWorker(config, { concurrency: parseConcurrency(process.env.TEST_WORKER_CONCURRENCY, 2), agents: scriptedAgents() });
process.exit(0);
