// Margins are stored in basis points and shown in percent (1500 bps = 15%).

/** 15 (%) -> 1500 basis points; rounded to a whole basis point. */
export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;
