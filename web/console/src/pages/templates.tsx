// The Templates page (built on this skeleton by the i24-make branch): for now, a designed placeholder.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function TemplatesPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Templates" description="Your organization's templates and their layouts." />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
