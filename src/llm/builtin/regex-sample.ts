// A string matching a JSON Schema `pattern`: a small parser for the regular-expression subset schemas
// use (literals, escapes, classes, groups, alternation, quantifiers, anchors) and a generator that
// takes the first alternative and the fewest repetitions, plus `extra` repetitions on open-ended
// quantifiers when a longer string is needed. Lookarounds and backreferences are skipped; the caller
// validates the result and falls back when the sample does not match.

type Node =
  | { kind: 'chars'; pick: string[] }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const DIGITS = '0123456789'.split('');
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'.split('');
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

class Parser {
  private i = 0;
  private readonly src: string;

  constructor(src: string) {
    this.src = src;
  }

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new Error('unbalanced pattern');
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { kind: 'seq', items };
  }

  private quantified(node: Node): Node {
    const c = this.src[this.i];
    let min = 1;
    let max = 1;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return node;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return node;
    this.i++;
    if (this.src[this.i] === '?' || this.src[this.i] === '+') this.i++;
    return { kind: 'repeat', node, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i++];
    switch (c) {
      case '^':
      case '$':
        return { kind: 'empty' };
      case '.':
        return { kind: 'chars', pick: ['a', 'b', 'c'] };
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.escape(false);
      default:
        return { kind: 'chars', pick: [c] };
    }
  }

  private group(): Node {
    let lookaround = false;
    if (this.src[this.i] === '?') {
      const m = /^\?(?::|=|!|<=|<!|<[A-Za-z]\w*>)/.exec(this.src.slice(this.i));
      if (!m) throw new Error('unsupported group');
      lookaround = /^\?(=|!|<=|<!)$/.test(m[0]);
      this.i += m[0].length;
    }
    const inner = this.alternation();
    if (this.src[this.i++] !== ')') throw new Error('unbalanced group');
    return lookaround ? { kind: 'empty' } : inner;
  }

  private escape(inClass: boolean): Node {
    const c = this.src[this.i++];
    switch (c) {
      case 'd': return { kind: 'chars', pick: DIGITS };
      case 'w': return { kind: 'chars', pick: WORD };
      case 's': return { kind: 'chars', pick: [' '] };
      case 'D': return { kind: 'chars', pick: ['a', 'b'] };
      case 'W': return { kind: 'chars', pick: ['-', '.'] };
      case 'S': return { kind: 'chars', pick: ['a', 'b'] };
      case 'b': return inClass ? { kind: 'chars', pick: ['\b'] } : { kind: 'empty' };
      case 'B': return { kind: 'empty' };
      case 'n': return { kind: 'chars', pick: ['\n'] };
      case 't': return { kind: 'chars', pick: ['\t'] };
      case 'u': {
        const m = /^(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{4}))/.exec(this.src.slice(this.i));
        if (!m) return { kind: 'chars', pick: ['u'] };
        this.i += m[0].length;
        return { kind: 'chars', pick: [String.fromCodePoint(parseInt(m[1] ?? m[2], 16))] };
      }
      case 'x': {
        const hex = this.src.slice(this.i, this.i + 2);
        this.i += 2;
        return { kind: 'chars', pick: [String.fromCharCode(parseInt(hex, 16))] };
      }
      default:
        if (/[1-9]/.test(c)) throw new Error('backreferences are not supported');
        return { kind: 'chars', pick: [c] };
    }
  }

  private charClass(): Node {
    let negate = false;
    if (this.src[this.i] === '^') { negate = true; this.i++; }
    const set = new Set<string>();
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let from: string[];
      if (this.src[this.i] === '\\') { this.i++; from = (this.escape(true) as { pick: string[] }).pick; } else from = [this.src[this.i++]];
      if (from.length === 1 && this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        let to: string;
        if (this.src[this.i] === '\\') { this.i++; to = (this.escape(true) as { pick: string[] }).pick[0]; } else to = this.src[this.i++];
        const [a, b] = [from[0].codePointAt(0)!, to.codePointAt(0)!];
        for (let cp = a; cp <= b && cp - a < 200; cp++) set.add(String.fromCodePoint(cp));
      } else for (const ch of from) set.add(ch);
    }
    if (this.src[this.i++] !== ']') throw new Error('unbalanced class');
    const pick = negate ? PRINTABLE.filter((ch) => !set.has(ch)) : [...set];
    // Prefer letters and digits when the class allows them: they read better in samples.
    pick.sort((x, y) => Number(!/[a-z0-9]/i.test(x)) - Number(!/[a-z0-9]/i.test(y)));
    return { kind: 'chars', pick: pick.length ? pick : ['a'] };
  }
}

function generate(node: Node, extra: number, salt: number): string {
  switch (node.kind) {
    case 'empty': return '';
    case 'chars': return node.pick[salt % node.pick.length];
    case 'seq': return node.items.map((n, i) => generate(n, extra, salt + i)).join('');
    case 'alt': return generate(node.options[salt % node.options.length], extra, salt);
    case 'repeat': {
      const times = Math.min(node.max, node.min + (node.max === Infinity ? extra : Math.min(extra, node.max - node.min)));
      let out = '';
      for (let k = 0; k < times; k++) out += generate(node.node, extra, salt + k);
      return out;
    }
  }
}

/**
 * Candidates matching `pattern`, shortest first, trying to land within [minLength, maxLength]. Returns
 * an empty list for patterns outside the supported subset.
 */
export function regexSamples(pattern: string, minLength = 0, maxLength = Infinity, variant = 0): string[] {
  let ast: Node;
  try {
    ast = new Parser(pattern).parse();
  } catch {
    return [];
  }
  const anchoredEnd = /(?<!\\)\$$/.test(pattern);
  const out: string[] = [];
  for (let extra = 0; extra <= 64 && out.length < 6; extra = extra === 0 ? 1 : extra * 2) {
    let s = generate(ast, extra, variant);
    if (s.length < minLength && !anchoredEnd) s = s + 'x'.repeat(minLength - s.length);
    if (s.length >= minLength && s.length <= maxLength && !out.includes(s)) out.push(s);
    if (s.length > maxLength) break;
  }
  return out;
}
