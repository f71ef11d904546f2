/** The occurrence is over when its end (event end + offset) is before now (contract §18 #1). */
export const isOver = (endAt: string, now: string) => endAt < now;
