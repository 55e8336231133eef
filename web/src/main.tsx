import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFeedPage } from './app/App';
import { readBootData } from './lib/boot';
import { markServerDrawnPosts } from './lib/first-posts';
import { startPwa } from './lib/pwa';
import './styles/app.css';

const boot = await readBootData();
// The installable app (ADR 058): the built app only, whose server writes the worker.
if (import.meta.env.PROD) startPwa();
// A transition: React draws the first page in slices of a few milliseconds between
// which the browser stays free to answer a tap, instead of in one long task (the
// server's first posts show meanwhile; docs/benchmarks.md, Web).
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App boot={boot} />
      </StrictMode>,
    ),
  );
};
// The server drew the first posts (ADR 045): the first render waits for the feed page's
// code, so it replaces them with the feed itself. Not awaited here: that code imports
// this very module, which must finish first.
if (boot.feed && document.getElementById('quad-first-posts')) {
  markServerDrawnPosts();
  void preloadFeedPage()
    .catch(() => undefined)
    .then(render);
} else render();
