// The Projects page (built on this skeleton by the i24-make branch): for now, a designed placeholder.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function ProjectsPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Projects" description="Files, their analysis, insights and reports." />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
