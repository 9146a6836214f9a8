// Public types of the SDK, taken from the types generated from the OpenAPI document (schema.d.ts).
import type { operations } from './schema.d.ts';

type Json<Op, Status extends number> = Op extends { responses: infer R }
  ? Status extends keyof R ? R[Status] extends { content: { 'application/json': infer B } } ? B : never : never
  : never;
type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type { operations, paths, components } from './schema.d.ts';
export type Format = 'word' | 'excel' | 'slides';
export type GenerateBody = JsonBody<operations['generateSlides']>;
export type GenerateResult = Json<operations['generateSlides'], 200>;
export type GenerateAccepted = Json<operations['generateSlides'], 202>;
/** The answer of `mode: "ask"`: the text is `summary`, the details `answer`. */
export type AskAnswer = GenerateResult;
export type Task = Json<operations['getTask'], 200>;
export type Run = Json<operations['getRun'], 200>;
export type ListRunsParams = Partial<Query<operations['listRuns']>>;
type Item<T> = T extends { items: (infer I)[] } ? I : never;
export type RunVersion = Item<Json<operations['listRunVersions'], 200>>;
export type RunTask = Item<Json<operations['listRunTasks'], 200>>;
export type RunPreview = Json<operations['previewRun'], 200>;
export type RunExport = Item<Json<operations['listRunExports'], 200>>;
export type FileObject = Json<operations['getFile'], 200>;
export type ListFilesParams = Partial<Query<operations['listFiles']>>;
export type ExportBody = JsonBody<operations['exportRun']>;
export type ExportResult = Json<operations['exportRun'], 200>;
export type CreditsBalance = Json<operations['getCredits'], 200>;
export type Webhook = Json<operations['getWebhook'], 200>;
export type CreateWebhookBody = JsonBody<operations['createWebhook']>;
export type CreatedWebhook = Json<operations['createWebhook'], 201>;
export type WebhookDelivery = Json<operations['listWebhookDeliveries'], 200> extends { items: (infer D)[] } ? D : never;
export type Redelivery = Json<operations['redeliverWebhookDelivery'], 202>;
export type ListDeliveriesParams = Partial<Query<operations['listWebhookDeliveries']>>;

/** One event of `GET /tasks/{task_id}/events` (or synthesised from polling: `progress` and `done`). */
export interface TaskEvent {
  type: 'progress' | 'step' | 'heartbeat' | 'done';
  id?: string;
  data: any;
}

/** A run event as delivered to a webhook (`run.completed`, `run.failed`, ...). */
export interface WebhookEvent {
  [key: string]: unknown;
}
