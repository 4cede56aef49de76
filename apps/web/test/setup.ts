// The component tests render the whole app; on a loaded 2-core machine (CI runs the server suites in
// parallel) a screen can take more than RTL's default second to settle, so waits get more room.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

// The app fetches a language's catalogue when a reader picks it (i18n/index.ts); the tests switch
// language directly, so every catalogue is there from the start.
import { loadLanguage } from '../src/i18n';

await loadLanguage('cn');
await loadLanguage('bm');
