// A data table: columns with a header and a cell renderer; on narrow screens each row becomes a card
// whose cells carry their column's name (data-label, used by the stylesheet).
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  header: string;
  cell: (row: T) => ComponentChildren;
  /** Right-aligned numbers, or a narrow actions column. */
  align?: 'right';
  class?: string;
}

export function Table<T>({ rows, columns, rowKey, caption }: { rows: T[]; columns: Column<T>[]; rowKey: (row: T) => string; caption: string }) {
  return (
    <div class="table-wrap">
      <table class="table">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th scope="col" class={`${c.align === 'right' ? 'num' : ''} ${c.class ?? ''}`}>{c.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => <td data-label={c.header} class={`${c.align === 'right' ? 'num' : ''} ${c.class ?? ''}`}>{c.cell(row)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
