// Buttons: primary, secondary (default), danger and ghost; `busy` disables and says so.
import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

type Props = {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'sm' | 'md';
  busy?: boolean;
  children: ComponentChildren;
} & ButtonHTMLAttributes<HTMLButtonElement>;

export function Button({ variant = 'secondary', size = 'md', busy, children, type = 'button', disabled, class: cls, ...rest }: Props) {
  return (
    <button type={type as 'button'} class={`btn btn-${variant} btn-${size} ${cls ?? ''}`} disabled={disabled || busy} aria-busy={busy ? 'true' : undefined} {...rest}>
      {busy && <span class="spinner spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** Copies text to the clipboard and says "Copied" for a moment. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (insecure context): select-and-copy fallback.
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Button size="sm" onClick={copy} aria-live="polite">
      {copied ? 'Copied' : label}
    </Button>
  );
}
