// The client commands' part of `folio --help`.
export const CLIENT_USAGE = `Document commands (talk to a running server through the SDK; \`folio <command> --help\` for each):
  login --url <base> --api-key <key> [--profile <name>]
                                          Store a profile in ~/.config/folio/config.json (mode 0600).
  generate slides|word|excel "<prompt>" [-o <path>] [--init <file>] [--data <file>]... [--context <file>]...
           [--template <id>] [--brand-color <#hex>] [--font <name>] [--logo <file|url>] [--run <run_id>] [--ask] [--async]
                                          Make or edit a document with live progress, and save it.
  export <run_id> --format pdf|png|... [-o <path>]
                                          Convert a run's document and save it.
  runs list|show                          Runs of the organization.
  tasks show|wait|cancel <task_id>        Follow or stop a task (after --async, or a detach).
  files upload|list                       Uploaded files.
  webhooks list|deliveries|redeliver      Subscriptions and their delivery log.
  credits                                 The organization's credit balance.
Every document command takes --json (machine-readable output) and --profile <name>; FOLIO_API_KEY and
FOLIO_BASE_URL override the profile. With no key at all, a development server on this machine (default
http://localhost:8080) signs you up on first use and the key is saved as the profile.
Exit codes: 0 success, 1 API error, 2 usage error.`;

