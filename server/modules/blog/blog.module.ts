import type { ServerModule } from '../../infra/module.js';
import { blogRoutes } from './blog.routes.js';
import { createBlogState } from './blog.state.js';

export const blogModule = {
  name: 'blog',
  routes: [blogRoutes],
  state: createBlogState,
} as const satisfies ServerModule;
