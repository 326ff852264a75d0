/** Now in epoch seconds: what the calls of spec §7 send as `timestamp` when they ask about now. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
