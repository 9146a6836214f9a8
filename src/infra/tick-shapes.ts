// Keeps V8's hidden classes ("maps") of Node's process.nextTick queue entries alive for the whole process.
//
// process.nextTick builds each queue entry with an object literal whose keys are internal symbols, so V8
// adds them one by one, following map transitions. Entries are short-lived, and transitions are held
// weakly: a full garbage collection that finds no entry alive frees those maps, and the next entry
// creates new ones. The inline caches in nextTick count every new map; after four they turn
// megamorphic and stay so for the life of the process, which makes every nextTick call a runtime call
// (0.4-0.6 µs instead of 0.07-0.13 µs here). Start-up (migrations, the queue, the export pool) runs several
// full collections, so without this every Folio process ended up on the slow path, and Node's HTTP and
// stream code calls nextTick several times per request.
//
// Holding two real entries (one with arguments, one without) keeps the whole transition chain alive.
// They are captured through an async_hooks init hook that is enabled for exactly two nextTick calls and
// then disabled. This must run before any full collection, so it is the first import of the CLI.
// bench/tick-shapes.bench.ts shows the effect; if a Node release stops passing the entry to init hooks,
// nothing is captured and nothing else changes.
import { createHook } from 'node:async_hooks';

const noop = (): void => {};
const kept: object[] = [];

export function keepTickShapes(): number {
  if (kept.length > 0) return kept.length;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && typeof resource === 'object' && resource !== null) kept.push(resource);
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
    process.nextTick(noop, 0);
  } finally {
    hook.disable();
  }
  return kept.length;
}

keepTickShapes();
