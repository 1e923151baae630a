import { readStateFile, stateFilePath, writeStateFile, type LocalState } from '../files.js';

/**
 * The runner's state file (`<dataDir>/local-state.json`): the stream position and the queues, captured at the same
 * instant and saved shortly after a change (and on stop), so a restart neither re-routes old changes nor loses work.
 * Nothing is saved in memory mode.
 */
export class StateFile {
  readonly file: string;
  /** What to save; set once the stream reader and the queues exist. */
  capture: (() => LocalState) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    dataDir: string,
    private readonly inMemory: boolean,
  ) {
    this.file = stateFilePath(dataDir);
  }

  read(): LocalState | undefined {
    return this.inMemory ? undefined : readStateFile(this.file);
  }

  readonly saveSoon = (): void => {
    if (this.inMemory || this.timer) return;
    this.timer = setTimeout(this.saveNow, 250).unref();
  };

  readonly saveNow = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.inMemory && this.capture) writeStateFile(this.file, this.capture());
  };
}
