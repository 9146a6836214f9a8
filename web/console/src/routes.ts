// Every page of the console: its path pattern, its entry in the navigation (if any) and its component.
// Adding a page: write src/pages/<name>.tsx exporting a component, then add one line here.
import type { FunctionComponent } from 'preact';
import { ApiKeysPage } from './pages/api-keys.tsx';
import { PlaygroundPage } from './pages/playground.tsx';
import { ProjectPage, ProjectsPage } from './pages/projects.tsx';
import { RunPage } from './pages/run.tsx';
import { RunsPage } from './pages/runs.tsx';
import { TemplatesPage } from './pages/templates.tsx';
import { UsagePage } from './pages/usage.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';

export interface PageRoute {
  /** Inside /console; `:name` segments become the component's `params`. */
  path: string;
  component: FunctionComponent<{ params: Record<string, string> }>;
  /** Shown in the navigation when set; a route without it (a detail page) highlights `section`. */
  nav?: string;
  /** The nav entry to highlight for a detail page (its list's path). */
  section?: string;
}

export const ROUTES: PageRoute[] = [
  { path: '/playground', component: PlaygroundPage, nav: 'Playground' },
  { path: '/runs', component: RunsPage, nav: 'Runs' },
  { path: '/runs/:run_id', component: RunPage, section: '/runs' },
  { path: '/templates', component: TemplatesPage, nav: 'Templates' },
  { path: '/projects', component: ProjectsPage, nav: 'Projects' },
  { path: '/projects/:project_id', component: ProjectPage, section: '/projects' },
  { path: '/webhooks', component: WebhooksPage, nav: 'Webhooks' },
  { path: '/api-keys', component: ApiKeysPage, nav: 'API keys' },
  { path: '/usage', component: UsagePage, nav: 'Usage' },
];

/** Where `/console/` goes. */
export const HOME = '/playground';
