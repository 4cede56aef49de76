// The sample of DOMAIN.md "Ordering", for the express order screen's help and preview. It parses
// cleanly with the default settings (the tests make sure of it).
export const BET_LANGUAGE_HELP = ['D', '#1234', '1234#1#1', '5678##2', '*1234#1', '**1234#1', 'R123#1', '123R#1'].join('\n');
