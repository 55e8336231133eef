import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFeedPage } from './app/App';
import { readBootData } from './lib/boot';
import './styles/app.css';

const boot = await readBootData();
// The server drew the first posts (ADR 120): the app's first render replaces them with the feed itself.
if (boot.feed && document.getElementById('quad-first-posts'))
  await preloadFeedPage().catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App boot={boot} />
  </StrictMode>,
);
