/** A 4D result whose first prize is `first` (the other 22 numbers fixed, none of the tests' bets). */
export const fourDResult = (first: string) => ({
  first,
  second: '5555',
  third: '6666',
  starter: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  consolation: ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009', '2010'],
});
