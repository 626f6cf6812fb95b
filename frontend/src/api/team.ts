import * as Team from '../../wailsjs/go/app/TeamService';
import type { app } from '../../wailsjs/go/models';
import { call } from './call';

export type TeamStatus = app.TeamStatusDTO;

/** Settings → Team server: where golden sets, runs and scorecards come from. */
export const team = {
  status: () => call('Team.Status', () => Team.Status()),
  /** Checks the server and token, keeps them in the keyring, follows the server. */
  connect: (url: string, token: string) => call('Team.Connect', () => Team.Connect(url, token)),
  disconnect: () => call('Team.Disconnect', () => Team.Disconnect()),
};
