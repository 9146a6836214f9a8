// The Playground page (built on this skeleton by the i24-make branch): for now, a designed placeholder.
import { Empty } from '../ui/states.tsx';
import { PageHeader } from '../ui/page.tsx';

export function PlaygroundPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Playground" description="Pick a format, type a prompt, watch the agent work." />
      <Empty title="Coming soon">This page is not built yet.</Empty>
    </>
  );
}
