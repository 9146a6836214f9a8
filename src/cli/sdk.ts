// The CLI reaches the API only through the SDK (packages/sdk, @folio/sdk): this is the one place it is imported.
export * from '../../packages/sdk/src/index.ts';
