// The Runs page (built on this skeleton by the i24-make branch): for now, a designed placeholder.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function RunsPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Runs" description="Every generation, with its versions, exports and task history." />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
