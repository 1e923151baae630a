import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDv7 ids, so newest-first listings follow the sort key. */
export const newId = (): string => uuidv7();
