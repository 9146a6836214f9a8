// The Webhooks page.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function WebhooksPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Webhooks" />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
