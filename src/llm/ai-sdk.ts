// The AI SDK's calls (generateText, streamText), loaded with the first model call rather than at start:
// the SDK with zod and its providers is about 125 modules that an idle `folio serve` does not need.
// Types and APICallError (from @ai-sdk/provider, a small package) are imported as usual.
import { lazyImport } from '../infra/lazy.ts';

export const loadAiSdk = lazyImport(() => import('ai'));
