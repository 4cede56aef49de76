// The component tests render the whole app; on a loaded 2-core machine (CI runs the server suites in
// parallel) a screen can take more than RTL's default second to settle, so waits get more room.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
