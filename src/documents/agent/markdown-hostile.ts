// Pathological Markdown shapes of a given size (deep quotes, brackets, emphasis runs, long tables, setext
// pairs, fences, nested lists): the markdown reader's test parses them, and bench/markdown-hostile.bench.ts
// times them at growing sizes to show the cost stays linear.
export function hostileMarkdown(bytes: number): string[] {
  const fill = (unit: string) => unit.repeat(Math.ceil(bytes / unit.length));
  return ['>'.repeat(bytes), '['.repeat(bytes), '*'.repeat(bytes), fill('* '), fill('1. '), '|'.repeat(bytes), '`'.repeat(bytes),
    `|a|b|\n|-|-|\n${fill('|1|2|\n')}`, fill('a\n=\n'), fill('```\n'), fill('> - '), fill('Owner: Dana\n'), fill('  - x\n'),
    Array.from({ length: Math.min(700, Math.floor(bytes / 1024)) }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n')];
}
