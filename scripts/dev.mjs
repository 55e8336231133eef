// `npm run dev`: the API with reload on save (tsx watch) and the web app with
// hot module replacement (Vite on :5173, proxying the API on :3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: path.join(root, 'dist/web') },
  }),
  spawn(bin('vite'), ['--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
console.log('Web (hot reload): http://ou.localhost:5173 · API: http://localhost:3000');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', () => {
    stop();
    process.exitCode = child.exitCode ?? 0;
  });
