// The set-up of a test file that sends the same kind of request to two apps: one on the builtin engine
// (`t`) and one whose model is a scripted provider (`p`, scripted through `fake`).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.ts';
import { providerEnv } from './llm.ts';
import { withRuns } from './runs.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export type BuiltinAndScripted = { t: TestApp; p: TestApp; fake: FakeLlmServer };

/**
 * Registers the file's hooks: both apps and the provider start before its tests and are handed to `use`,
 * the provider's script is cleared before each test, and all three close after the file.
 */
export function builtinAndScriptedApps(use: (apps: BuiltinAndScripted) => void): void {
  const apps: Partial<BuiltinAndScripted> = {};
  beforeAll(async () => {
    const fake = (apps.fake = await startFakeLlmServer());
    [apps.t, apps.p] = await Promise.all([startTestApp(withRuns({})), startTestApp(withRuns({}), { env: providerEnv(fake) })]);
    use(apps as BuiltinAndScripted);
  });
  afterAll(async () => {
    await Promise.all([apps.t?.close(), apps.p?.close(), apps.fake?.close()]);
  });
  beforeEach(() => apps.fake?.reset());
}
