// A modal dialog on the native <dialog> element (focus trap, Escape and the backdrop come with it), and a
// confirmation dialog built on it.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ApiProblem } from '../api.ts';
import { Button } from './button.tsx';
import { InlineError } from './states.tsx';

export function Dialog({ open, title, onClose, children, footer }: { open: boolean; title: string; onClose: () => void; children: ComponentChildren; footer?: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="dialog-title" onClose={onClose} onCancel={(e) => { e.preventDefault(); onClose(); }}>
      {open && (
        <div class="dialog-body">
          <h2 id="dialog-title">{title}</h2>
          {children}
          {footer && <div class="dialog-footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  open: boolean; title: string; children: ComponentChildren; confirmLabel: string; danger?: boolean;
  busy?: boolean; error?: ApiProblem; onConfirm: () => void; onClose: () => void;
}) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onClose} footer={
      <>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant={props.danger ? 'danger' : 'primary'} busy={props.busy} onClick={props.onConfirm}>{props.confirmLabel}</Button>
      </>
    }>
      <div class="dialog-text">{props.children}</div>
      <InlineError problem={props.error} />
    </Dialog>
  );
}
