// `folio serve` with the scripted test agents installed (in-process workers), for restart tests.
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { scriptedAgents } from './scripted-agent.ts';

const config = loadConfig();
const app = await buildApp(config, { agents: scriptedAgents() });
const stop = () => app.close().then(() => process.exit(0), () => process.exit(1));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`Folio listening (test agents) pid ${process.pid}\n`);
