import type { ServerModule } from '../../infra/module.js';
import { blogRoutes } from './blog.routes.js';

export const blogModule = {
  name: 'blog',
  routes: [blogRoutes],
} satisfies ServerModule;
