import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '5000';

export default defineConfig(({ command }) => {
  // A build is always a production bundle, even when started from a test run (NODE_ENV=test) or a dev shell.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'client',
    publicDir: 'public',
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: {
        '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
        '@': fileURLToPath(new URL('./client', import.meta.url)),
      },
    },
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      sourcemap: true,
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
        '/healthz': `http://127.0.0.1:${apiPort}`,
        '/readyz': `http://127.0.0.1:${apiPort}`,
      },
    },
  };
});
