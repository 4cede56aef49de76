/** Whether this page is a screen opened in a window of its own (`popup=1`: the account dropdown's fight limit). */
export const isPopup = (search: string) => new URLSearchParams(search).get('popup') === '1';
