import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18n, loadLanguage, storedLanguage } from './i18n';
import './styles.css';

// The reader's catalogue before the first render, so no screen flashes in English first.
await loadLanguage(storedLanguage()).catch(() => {});
await i18n.changeLanguage(storedLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
