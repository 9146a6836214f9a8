// The API keys page.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function ApiKeysPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="API keys" />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
