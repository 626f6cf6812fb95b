import * as Golden from '../../wailsjs/go/app/GoldenService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type GoldenStatus = app.GoldenStatusDTO;

export const golden = {
  workspaceFile: () => call('Golden.WorkspaceFile', () => Golden.WorkspaceFile()),
};
