import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** True when the module at `moduleUrl` is the script Node (or tsx) was started with: a flow runnable alone. */
export const isMain = (moduleUrl: string): boolean => !!process.argv[1] && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
