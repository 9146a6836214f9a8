// The three document formats as the console names them, and what each exports to (the API's matrix).
export const FORMATS = ['slides', 'word', 'excel'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_LABEL: Record<Format, string> = { slides: 'Slides', word: 'Word', excel: 'Excel' };

export const EXPORTS: Record<Format, string[]> = {
  slides: ['pdf', 'png', 'odp'],
  word: ['pdf', 'html', 'txt', 'odt'],
  excel: ['pdf', 'csv', 'png', 'html'],
};

export const STATUS_TONE: Record<string, 'ok' | 'warn' | 'bad' | 'info' | 'neutral'> = {
  completed: 'ok', running: 'info', pending: 'info', queued: 'info', failed: 'bad', cancelled: 'neutral', expired: 'warn',
};

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}
