// The default name of a generated file: its title, made safe for every file system, or the format's
// label when the document has no title ("Quarterly review.docx", "Word document.docx").

const MAX_STEM = 80;

export function defaultFileName(title: string | null, extension: string, label: string): string {
  const stem = (title ?? '')
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_STEM)
    .trim();
  return `${stem || `${label} document`}.${extension}`;
}
