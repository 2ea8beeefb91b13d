import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { setUpI18n } from './lib/i18n/i18n.setup.ts';

setUpI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
