import * as Check from '../../wailsjs/go/app/CheckService';
import { call } from './call';

export const check = {
  listDrafts: () => call('Check.ListDrafts', () => Check.ListDrafts()),
  readDraft: (name: string) => call('Check.ReadDraft', () => Check.ReadDraft(name)),
};
