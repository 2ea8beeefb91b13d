import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { setUpI18n } from './lib/i18n/i18n.setup.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The shell's texts first (a chunk to fetch unless the language is English), then the app.
await setUpI18n();
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
