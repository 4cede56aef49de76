// The reviewed table of every /api route and its access declaration, one file per module so that
// modules can be built side by side. routeAccess.test.ts checks the app against the merged table.
import { accounts } from './accounts';
import { draws } from './draws';
import { foundation } from './foundation';
import { packages } from './packages';
import { orders } from './orders';
import { payments } from './payments';
import { risk } from './risk';
import { tickets } from './tickets';
import { results } from './results';
import { reports } from './reports';
import { seamless } from './seamless';
import { inbox } from './inbox';
import { posting } from './posting';
import { administration } from './administration';

export const EXPECTED: Record<string, string> = { ...foundation, ...accounts, ...payments, ...draws, ...risk, ...packages, ...orders, ...tickets, ...results, ...reports, ...seamless, ...inbox, ...posting, ...administration };
