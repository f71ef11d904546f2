import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npx vite web` serves the app with hot reload; API calls go to a service started with `npm start`.
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', assetsDir: 'assets', sourcemap: false },
  server: { proxy: { '/api': api, '/admin/api': api } },
});
