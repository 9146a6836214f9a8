// Values for JSON Schema string formats: taken from the prompt when it holds one, otherwise a
// well-formed placeholder (documentation ranges: example.com, 192.0.2.0/24, 2001:db8::/32).
import type { PromptFacts } from './prompt-facts.ts';

const PLACEHOLDER: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/0',
  'relative-json-pointer': '0',
  regex: '.*',
  byte: 'AA==',
  int32: '0',
  int64: '0',
  float: '0',
  double: '0',
  password: 'password',
  binary: '',
};

/** Values of this format stated in the prompt, best first. */
export function formatFromPrompt(format: string, facts: PromptFacts): string[] {
  switch (format) {
    case 'email':
    case 'idn-email':
      return facts.emails;
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return facts.urls;
    case 'hostname':
    case 'idn-hostname':
      return facts.urls.map((u) => { try { return new URL(u).hostname; } catch { return ''; } }).filter(Boolean);
    case 'date-time':
      return facts.dateTimes.map((d) => (/[zZ]|[+-]\d{2}:\d{2}$/.test(d) ? d : `${d.length === 16 ? `${d}:00` : d}Z`));
    case 'date':
      return facts.dates;
    case 'time':
      return facts.times.map((t) => `${t.length === 5 ? `${t}:00` : t}Z`);
    case 'uuid':
      return facts.uuids;
    case 'ipv4':
      return facts.ipv4s;
    default:
      return [];
  }
}

export function formatPlaceholder(format: string): string | undefined {
  return PLACEHOLDER[format];
}
