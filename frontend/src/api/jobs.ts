import * as Jobs from '../../wailsjs/go/app/JobService';
import { call } from './call';

export const jobs = {
  cancel: (id: string) => call('Jobs.Cancel', () => Jobs.Cancel(id)),
  running: () => call('Jobs.Running', () => Jobs.Running()),
};
