// The Usage page.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function UsagePage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Usage" />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
